import {
  type CacheHint,
  type CallToolResult,
  ProtocolErrorCode,
  Server,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import {
  type Attest,
  type AttestationSigning,
  type ComplianceDeps,
  execute,
  type PaymentAuthorization,
  paymentAttester,
  type ScreeningEvidence,
  type ServedScreening,
  servedRecordOf,
} from "@svc/compliance";
import { callPaidTool, type PaidToolPayment, type ToolResult, toolReceiptOf } from "@svc/payments";
import * as v from "valibot";
import { PROMPTS } from "../prompts/briefs.js";
import { type AnyPrompt, promptArgumentsOf } from "../prompts/prompt.js";
import { ToolRefusal } from "../results/tool-refusal.js";
import { failureResult, internalErrorResult, toolResult } from "../results/tool-result.js";
import { TOOLS } from "../tools/catalog.js";
import { type AnyTool, pricedCall, type ToolDeps } from "../tools/tool.js";
import { CallParams, callParamsMessage } from "./call-params.js";
import { asksDryRun, type DryRunAllowance, dryRunCall } from "./dry-run-call.js";
import type { PaidOn } from "./paid-on.js";
import { MCP_PAYING_PROXY, MCP_SERVER, serverInfoOf } from "./server-info.js";
import type { ToolCaller } from "./tool-call.js";
import type { GateFor } from "./tool-gates.js";
import { toolsListEntry } from "./tool-listing.js";

/**
 * A JSON-RPC "invalid params" error (-32602). Thrown as a plain Error with a code: the SDK sends
 * `message` as is (an McpError's message already carries the "MCP error" prefix, which the
 * client would then repeat).
 */
const invalidParams = (message: string): Error =>
  Object.assign(new Error(message), { code: ProtocolErrorCode.InvalidParams });

/**
 * The JSON Schema validator the SDK's server keeps (it validates what clients answer to server
 * requests, which this server never makes): one for every server, since the HTTP entry builds a
 * server per request and a new Ajv instance costs about 1 ms each time.
 */
let validator: AjvJsonSchemaValidator | undefined;
const sharedValidator = (): AjvJsonSchemaValidator => {
  validator ??= new AjvJsonSchemaValidator();
  return validator;
};

/**
 * How long a client of the 2026-07-28 revision may keep what never changes while this process
 * runs: the tool and prompt listings and the discovery answer are the same for every caller (a
 * shared cache may keep them), and a new deployment is picked up within five minutes.
 */
const LISTING_CACHE: CacheHint = { ttlMs: 5 * 60_000, cacheScope: "public" };

/** The other way to pay an unpaid result names after x402's: the local proxy that pays. */
const UNPAID_OTHERWISE = `use ${MCP_PAYING_PROXY.command}, which ${MCP_PAYING_PROXY.pays}`;

export interface McpServerOptions {
  /** The list, the history and the renderer the tools run on. */
  readonly deps: ComplianceDeps;
  /** Payment gates (the hosted server); without them every tool is free (standalone). */
  readonly gateFor?: GateFor | undefined;
  /**
   * Where the paid tools are paid (the API's terms, one per network, the default first): what
   * `server_capabilities` names.
   */
  readonly paidOn?: PaidOn | undefined;
  /**
   * The key and base URL a paid screening answer is signed with (its `attestation`, bound to the
   * payment's authorization); without it nothing is signed. Only paid calls are signed: a free
   * call names no payment.
   */
  readonly attestation?: AttestationSigning | undefined;
  readonly tools?: readonly AnyTool[];
  readonly prompts?: readonly AnyPrompt[];
  /** Each settled paid call, with its receipt (the host's request log marks it charged). */
  readonly onCharged?: ((tool: string, receipt: unknown) => void) | undefined;
  /**
   * Each call of a listed tool once answered (the service's metrics): its outcome, how long it
   * took and, for a paid call, how its payment ended. Not a call refused before a tool was
   * found (an unknown name, malformed params).
   */
  readonly onToolCall?: ((call: ToolCallReport) => void) | undefined;
  /** Faults (not refusals) are reported here; the caller only sees INTERNAL_ERROR. */
  readonly onFault?: ((error: unknown, tool: string) => void) | undefined;
  /**
   * The caller's allowance of dry runs (`_meta["svc/dry-run"]`, free): the hosted API's, shared
   * with its routes' `?dry_run=1`. None: dry runs are bounded by size and issue count only.
   */
  readonly dryRuns?: DryRunAllowance | undefined;
  /**
   * Who calls (the host's endpoint and client key), for the tools that answer a signed-in wallet
   * (`McpTool.signIn`): they are given it with each call's `_meta` (`ToolDeps.call`).
   */
  readonly caller?: ToolCaller | undefined;
}

/**
 * How a tool call ended: `paid` (charged, its receipt in the result), `payment_required` (no
 * payment, or one refused: the PaymentRequired), `free` (a free tool, or a paid one on a host
 * that takes no payment, answered), `dry_run` (checked free, never run), `error` (refused
 * input, a failed run, a fault, the payment layer unavailable: nothing charged).
 */
export type ToolCallOutcome = "paid" | "payment_required" | "free" | "dry_run" | "error";

/** One tool call, as `McpServerOptions.onToolCall` is told it. */
export interface ToolCallReport {
  /** The tool's name (a listed tool's: never what a caller made up). */
  readonly tool: string;
  readonly outcome: ToolCallOutcome;
  /** From the call's params read to its result, in seconds. */
  readonly seconds: number;
  /** A paid call's payment, as the payment layer ended it; absent for free calls and dry runs. */
  readonly payment?: PaidToolPayment | undefined;
}

/** A paid call's outcome, from how its payment ended. */
const paidOutcomeOf = (payment: PaidToolPayment | undefined): ToolCallOutcome => {
  const kind = payment?.outcome.kind;
  if (kind === "settled" || kind === "pending") return "paid";
  return kind === "payment-required" ? "payment_required" : "error";
};

/**
 * The MCP server: the SDK's low-level `Server` (its `registerTool` only takes zod), listing each
 * tool with the JSON Schema of its valibot input and validating arguments with that same schema.
 * Refused arguments and refusals of the run are `isError` results with the HTTP API's code and
 * field paths; an unknown tool or prompt is a protocol error (-32602). A paid tool runs behind
 * the x402 v2 MCP adapter, which asks for payment before the arguments are validated.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const tools = options.tools ?? TOOLS;
  const prompts: readonly AnyPrompt[] = options.prompts ?? PROMPTS;
  const deps: ToolDeps = {
    ...options.deps,
    tools,
    paid: options.gateFor !== undefined,
    paidOn: options.paidOn,
  };
  const server = new Server(serverInfoOf(), {
    capabilities: { tools: {}, prompts: {} },
    instructions: MCP_SERVER.instructions,
    jsonSchemaValidator: sharedValidator(),
    cacheHints: {
      "tools/list": LISTING_CACHE,
      "prompts/list": LISTING_CACHE,
      "server/discover": LISTING_CACHE,
    },
  });

  server.setRequestHandler("tools/list", async () => ({
    tools: tools.map((t) => toolsListEntry(t, deps.paid)),
  }));

  /**
   * Runs a tool on arguments not yet checked, within the deadline its payment gate was sized on
   * (`tool.deadlineMs`): a refusal of either is an `isError` result; a fault is reported and
   * answered without internals. `attest` signs the answer of a paid screening call; a signature
   * that cannot be made is a fault like any other (no unsigned answer, nothing charged). A tool
   * that answers a signed-in wallet is given the call's `_meta` and caller (`ToolDeps.call`); its
   * `ToolRefusal` (a sign-in challenge, a monitor not found) is its `isError` result.
   */
  const runTool = async (
    tool: AnyTool,
    args: unknown,
    meta: Readonly<Record<string, unknown>> | undefined,
    onEvidence: (evidence: ScreeningEvidence | undefined) => void = () => {},
    attest?: Attest,
    payment?: PaymentAuthorization,
  ): Promise<ToolResult> => {
    try {
      const runDeps =
        tool.signIn === true ? { ...deps, call: { ...options.caller, meta: meta ?? {} } } : deps;
      const answer = await execute(tool, args, runDeps, {
        deadlineMs: tool.deadlineMs,
        attest,
        payment,
      });
      if (!answer.ok) return failureResult(answer.failure);
      onEvidence(answer.evidence);
      return toolResult(answer.output);
    } catch (error) {
      if (error instanceof ToolRefusal) return failureResult(error.failure, error.extra);
      options.onFault?.(error, tool.name);
      return internalErrorResult();
    }
  };

  /**
   * A tool call. Its params are checked here, not by the SDK's schema, whose failure would be
   * answered -32603 with a dump of the schema's issues: a malformed call is -32602 with one short
   * sentence. A paid tool asks for payment before its arguments are validated, so an unpaid call
   * costs the same whatever it carries; only a tool whose price depends on an argument (the
   * document format) reads that one argument first.
   */
  const callTool = async (params: unknown): Promise<CallToolResult> => {
    const started = performance.now();
    const onToolCall = options.onToolCall;
    const report =
      onToolCall === undefined
        ? () => {}
        : (tool: AnyTool, outcome: ToolCallOutcome, payment?: PaidToolPayment) => {
            try {
              onToolCall({
                tool: tool.name,
                outcome,
                seconds: (performance.now() - started) / 1000,
                payment,
              });
            } catch {
              // Counting a call never changes its answer.
            }
          };
    const call = v.safeParse(CallParams, params);
    if (!call.success) throw invalidParams(callParamsMessage(call.issues));
    const { name, arguments: args = {}, _meta } = call.output;
    const tool = tools.find((t) => t.name === name);
    if (tool === undefined) {
      throw invalidParams(
        `Unknown tool "${name.slice(0, 64)}". This server has: ${tools.map((t) => t.name).join(", ")}.`,
      );
    }
    let payment: PaidToolPayment | undefined;
    try {
      // A dry run of a paid tool is checked free and never run (`dryRunCall`).
      if (options.gateFor !== undefined && tool.pricing.kind === "paid" && asksDryRun(_meta)) {
        const dryRun = await dryRunCall(tool, args, deps, options.gateFor, options.dryRuns);
        report(tool, "dry_run");
        return dryRun as CallToolResult;
      }
      const price = pricedCall(tool, args);
      if (!price.ok) {
        report(tool, "error");
        return price.refusal as CallToolResult;
      }
      if (price.price === null || options.gateFor === undefined) {
        const free = await runTool(tool, args, _meta);
        report(tool, free.isError === true ? "error" : "free");
        return free as CallToolResult;
      }
      // What the answer was computed on goes with the payment's record (the list edition).
      let served: ServedScreening | undefined;
      const result = await callPaidTool(
        options.gateFor(tool, price.price),
        _meta,
        (authorization) =>
          runTool(
            tool,
            args,
            _meta,
            (evidence) => {
              served = servedRecordOf(evidence);
            },
            paymentAttester(options.attestation, authorization),
            authorization,
          ),
        () => served,
        {
          otherwise: UNPAID_OTHERWISE,
          onPayment: (p) => {
            payment = p;
          },
        },
      );
      const receipt = toolReceiptOf(result);
      if (receipt !== undefined) options.onCharged?.(tool.name, receipt);
      report(tool, paidOutcomeOf(payment), payment);
      return result as CallToolResult;
    } catch (error) {
      // Outside the run (the payment layer): said without internals, reported to the operator.
      options.onFault?.(error, tool.name);
      report(tool, "error", payment);
      return internalErrorResult() as CallToolResult;
    }
  };

  // tools/call is answered by the fallback handler, which receives the raw request: the SDK's
  // own handler registration parses params with its schema first (see callTool).
  server.fallbackRequestHandler = async (request) => {
    if (request.method === "tools/call") return callTool(request.params);
    throw Object.assign(new Error("Method not found"), { code: ProtocolErrorCode.MethodNotFound });
  };

  server.setRequestHandler("prompts/list", async () => ({
    prompts: prompts.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: promptArgumentsOf(p),
    })),
  }));

  server.setRequestHandler("prompts/get", async (request) => {
    const prompt = prompts.find((p) => p.name === request.params.name);
    if (prompt === undefined) {
      throw invalidParams(
        `Unknown prompt "${request.params.name}". This server has: ${prompts.map((p) => p.name).join(", ")}.`,
      );
    }
    const expanded = prompt.expand(request.params.arguments ?? {});
    if (!expanded.ok) throw invalidParams(expanded.message);
    return {
      description: prompt.description,
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: expanded.text } },
      ],
    };
  });

  return server;
}
