import { DRY_RUN_RATE_LIMIT, dryRun } from "@svc/compliance";
import { callPaidTool, displayPrice, type ToolResult } from "@svc/payments";
import { failureResult } from "../results/tool-result.js";
import { type AnyTool, pricedCall, priceOf, type ToolDeps } from "../tools/tool.js";
import type { GateFor } from "./tool-gates.js";

/**
 * Where a `tools/call` asks for a dry run: `params._meta["svc/dry-run"] = true`, beside (or
 * instead of) where a payment rides (`x402/payment`).
 *
 * Why a flag on the call and not a free tool taking `{tool, arguments}`:
 *
 * - the dry run is the very call the client will pay for: the same tool name and arguments,
 *   checked by the same schema, priced from the same `output_format`; nothing to translate;
 * - its valid answer is the answer a paying client already handles, the unpaid result (`isError`,
 *   the PaymentRequired, which every paid tool's `outputSchema` already admits), so the client
 *   goes from the dry run to paying without another round trip;
 * - a free tool would add an entry to every agent's `tools/list` (kept lean) whose `arguments`
 *   can carry no schema (any tool's), so a model gets no help filling it in. Free validation
 *   matters to whoever holds the wallet (an x402 client, `svc-mcp --remote`), which sets `_meta`
 *   as it sets the payment; a model that cannot set it loses nothing it pays for, since a refused
 *   paid call is not charged.
 */
export const DRY_RUN_META = "svc/dry-run";

/** Whether a call's `_meta` asks for a dry run (exactly `true`). */
export const asksDryRun = (meta: Record<string, unknown> | undefined): boolean =>
  meta?.[DRY_RUN_META] === true;

/** Whether a JSON-RPC message is a `tools/call` asking for a dry run (the HTTP handler's size check). */
export function isDryRunCall(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== "tools/call" || typeof params !== "object" || params === null) return false;
  const meta = (params as { _meta?: unknown })._meta;
  return typeof meta === "object" && meta !== null && asksDryRun(meta as Record<string, unknown>);
}

/**
 * A caller's allowance of dry runs (the hosted API's: one bucket per client, shared with the
 * routes' `?dry_run=1`): takes one, answering 0, or the whole seconds until one is free.
 */
export interface DryRunAllowance {
  take(): number;
}

/** A dry run past the caller's allowance: nothing of its arguments is looked at. */
const rateLimitedResult = (wait: number): ToolResult => {
  const body = {
    success: false,
    code: "RATE_LIMITED",
    error: `Too many dry runs from this client: at most ${DRY_RUN_RATE_LIMIT.burst} at once, then ${DRY_RUN_RATE_LIMIT.perSecond} a second. Retry in ${wait} s.`,
    retryAfterSeconds: wait,
  };
  return { isError: true, structuredContent: body, content: [{ type: "text", text: body.error }] };
};

/** What a valid dry run says first: one sentence a person or a model can act on. */
const validSentence = (tool: AnyTool, price: string): string =>
  `Dry run: these arguments are valid; ${tool.name} would cost ${displayPrice(price)}, paid per call over x402. Nothing was run or charged. To call it, pay one of the PaymentRequired's accepts below and call again without _meta["${DRY_RUN_META}"], with the payment in _meta["x402/payment"].`;

/**
 * A dry run of a paid tool: the call checked as the paid call checks it, free, and never run.
 * Within the unpaid bounds: the caller's allowance first (`allowance`, before anything is read),
 * a request of at most `DRY_RUN_MAX_BYTES` (the HTTP handler refuses a larger one unread), at
 * most 20 issues in a refusal. Answers:
 *
 * - refused: the refusal the paid call would answer (its price-deciding argument first, as
 *   `pricedCall` reads it; then the tool's schema and its run's own refusals, `dryRun`);
 * - valid: the unpaid result of the call (`isError`, the PaymentRequired as structured content:
 *   what to pay), its first text one sentence saying it is valid and what it costs, and
 *   `_meta["svc/dry-run"]` = `{valid: true, tool, price, currency}`.
 *
 * A payment on the same call is ignored: a dry run is never charged.
 */
export async function dryRunCall(
  tool: AnyTool,
  args: Record<string, unknown>,
  deps: ToolDeps,
  gateFor: GateFor,
  allowance: DryRunAllowance | undefined,
): Promise<ToolResult> {
  const wait = allowance?.take() ?? 0;
  if (wait > 0) return rateLimitedResult(wait);
  const priced = pricedCall(tool, args);
  if (!priced.ok) return priced.refusal;
  const checked = await dryRun(tool, args, deps);
  if (!checked.ok) return failureResult(checked.failure);
  const price = priceOf(tool, checked.input) ?? "0";
  const unpaid = await callPaidTool(gateFor(tool, price), undefined, () => {
    throw new Error("a dry run ran its tool");
  });
  return {
    ...unpaid,
    content: [{ type: "text", text: validSentence(tool, price) }, ...unpaid.content],
    _meta: {
      ...unpaid._meta,
      [DRY_RUN_META]: { valid: true, tool: tool.name, price, currency: "USD" },
    },
  };
}
