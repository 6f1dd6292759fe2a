import * as v from "valibot";
import type { ScreeningEvidence } from "../evidence/screening-evidence.js";
import { classifyFailure, type Failure, invalidInput } from "../failures/classify-failure.js";
import { type Runnable, type RunOperationOptions, runOperation } from "./run-operation.js";

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
export type HandleOptions = RunOperationOptions;

/** Something run on the input its own schema parsed: an operation, or an MCP tool. */
export interface Handled<Input, Output, Deps> extends Runnable<Input, Output, Deps> {
  readonly input: v.GenericSchema<unknown, Input>;
}

/**
 * The one way from a raw request to its answer: the input checked against `op.input` (refused
 * `INVALID_INPUT` with the field paths), then run within its deadline (`runOperation`). What
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
  const parsed = v.safeParse(op.input, raw);
  if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) };
  try {
    return { ok: true, output: await runOperation(op, parsed.output, deps, options) };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, failure };
  }
}
