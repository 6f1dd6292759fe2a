import * as v from "valibot";
import type { ComplianceDeps } from "../catalog/deps.js";
import { classifyFailure, invalidInput } from "../failures/classify-failure.js";
import type { Failure } from "../failures/failure.js";
import type { Executable } from "./executable.js";

/**
 * The largest request a dry run takes, in bytes (a body, or an MCP tool call): what the
 * transports parse on their own thread without taking turns. A dry run is free, so it reads no
 * more than this; larger bodies (the documents') are validated by the paid call, whose refusals
 * are not charged.
 */
export const DRY_RUN_MAX_BYTES = 64 * 1024;

/**
 * How often one client may dry-run, every route and MCP tool together: 20 at once, then 5 a
 * second (a client checks a request before it pays, not in a loop). The transports refuse past
 * it before reading anything (HTTP 429 `RATE_LIMITED` with Retry-After).
 */
export const DRY_RUN_RATE_LIMIT = { burst: 20, perSecond: 5 } as const;

/** What a dry run comes to: the input as the run would take it, or the refusal the call would get. */
export type DryRunAnswer<Input> =
  | { readonly ok: true; readonly input: Input }
  | { readonly ok: false; readonly failure: Failure };

/**
 * A request checked as `execute` checks it, without running it: the admission's size limits
 * (without a place in the renderer's queue: nothing will be rendered), the input schema (400
 * `INVALID_INPUT` with the field paths, at most 20 issues), then the operation's own `check`,
 * the refusals its run would make (`INVALID_ADDRESS`, rules across fields, a report with two
 * variants; a list that is not loaded is 503 as in the run). A refusal is the very `Failure`
 * the call would answer; anything else thrown is a fault, thrown on. What only the run can find
 * (a renderer that gives up on a document, a run past its deadline) a dry run cannot.
 */
export async function dryRun<Input, Output, Deps extends ComplianceDeps>(
  op: Executable<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
): Promise<DryRunAnswer<Input>> {
  if (op.admit !== undefined) {
    const admitted = op.admit(raw, { ...deps, admitRender: undefined }, {});
    if (!admitted.ok) return admitted;
  }
  const parsed = v.safeParse(op.input, raw);
  if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) };
  try {
    await op.check?.(parsed.output, deps);
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, failure };
  }
  return { ok: true, input: parsed.output };
}
