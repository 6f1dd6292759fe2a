import type { RenderTicket } from "@svc/renderers/pool";
import * as v from "valibot";
import type { ScreeningEvidence } from "../evidence/screening-evidence.js";
import { classifyFailure, type Failure, invalidInput } from "../failures/classify-failure.js";
import { type Runnable, type RunOperationOptions, runOperation } from "./run-operation.js";
import { takeTurn } from "./take-turn.js";

/**
 * What a request comes to: the run's output (with what it screened, when it screened, for the
 * record of its payment), or a refusal (never charged).
 */
export type Answer<Output> =
  | {
      readonly ok: true;
      readonly output: Output;
      readonly evidence?: ScreeningEvidence | undefined;
    }
  | { readonly ok: false; readonly failure: Failure };

/** The caller giving up, or a tighter budget than the operation's own (`runOperation`). */
export interface HandleOptions extends Omit<RunOperationOptions, "ticket"> {
  /** Who pays for the request (the x402 authorization's `from`), for per-payer admission. */
  readonly payer?: string | undefined;
}

/** Whether a request may go on to validation and its run: a render's place, or a refusal. */
export type Admission =
  | { readonly ok: true; readonly ticket?: RenderTicket | undefined }
  | { readonly ok: false; readonly failure: Failure };

/** Something run on the input its own schema parsed: an operation, or an MCP tool. */
export interface Handled<Input, Output, Deps> extends Runnable<Input, Output, Deps> {
  readonly input: v.GenericSchema<unknown, Input>;
  /**
   * A cheap look at the raw input before its schema runs, for an operation whose input may be
   * large and whose run is scarce (the documents): a refusal, or a place for the run (its
   * ticket is released when the run ends). With it, the schema runs in its turn (`takeTurn`).
   */
  readonly admit?: ((raw: unknown, deps: Deps, options: HandleOptions) => Admission) | undefined;
}

/**
 * The one way from a raw request to its answer: the input admitted (`op.admit`: a body too
 * large or a renderer too busy is refused before any validation), checked against `op.input`
 * (refused `INVALID_INPUT` with the field paths), then run within its deadline (`runOperation`). What
 * `classifyFailure` recognizes (refused input found by the run, a report too large, no list, a
 * busy renderer, a run past its deadline) is answered as a `Failure`; anything else is a fault
 * and is thrown, for the transport to answer without internals and report.
 */
export async function handleInput<Input, Output, Deps>(
  op: Handled<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
  options: HandleOptions = {},
): Promise<Answer<Output>> {
  if (op.admit === undefined) return validateAndRun(op, raw, deps, options);
  const admitted = op.admit(raw, deps, options);
  if (!admitted.ok) return admitted;
  try {
    return await validateAndRun(op, raw, deps, { ...options, ticket: admitted.ticket }, true);
  } finally {
    admitted.ticket?.release();
  }
}

async function validateAndRun<Input, Output, Deps>(
  op: Handled<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
  options: RunOperationOptions,
  large = false,
): Promise<Answer<Output>> {
  const parsed = large
    ? await takeTurn(() => v.safeParse(op.input, raw))
    : v.safeParse(op.input, raw);
  if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) };
  try {
    return { ok: true, output: await runOperation(op, parsed.output, deps, options) };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, failure };
  }
}
