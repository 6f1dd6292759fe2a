import type { RenderTicket } from "@svc/renderers/pool";
import * as v from "valibot";
import type { RunContext } from "../catalog/operation.js";
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

/**
 * Whether a request may go on to validation and its run: a render's place, or a refusal. With
 * `run` (an admission of a body's JSON bytes, `Handled.admitJson`), the admission takes the run
 * on itself, validation included, away from the calling thread: a large document body is parsed
 * and validated on the render worker with the operation's own schema, its refusals the same
 * `Failure`s (thrown as `RefusalError`).
 */
export type Admission<Output = unknown> =
  | {
      readonly ok: true;
      readonly ticket?: RenderTicket | undefined;
      readonly run?: ((context: RunContext) => Promise<Output>) | undefined;
    }
  | { readonly ok: false; readonly failure: Failure };

/** Something run on the input its own schema parsed: an operation, or an MCP tool. */
export interface Handled<Input, Output, Deps> extends Runnable<Input, Output, Deps> {
  readonly input: v.GenericSchema<unknown, Input>;
  /**
   * A cheap look at the raw input before its schema runs, for an operation whose input may be
   * large and whose run is scarce (the documents): a refusal, or a place for the run (its
   * ticket is released when the run ends). With it, the schema runs in its turn (`takeTurn`).
   */
  readonly admit?:
    | ((raw: unknown, deps: Deps, options: HandleOptions) => Admission<Output>)
    | undefined;
  /**
   * The same look at a large body, on its JSON bytes before they are parsed (the documents: the
   * rows and cells counted on the bytes), for a run that validates them where it runs
   * (`Admission.run`); `undefined` when it cannot take them (bytes that are not one JSON object,
   * or no renderer for bodies), for the caller to parse them and handle the input as usual.
   */
  readonly admitJson?:
    | ((json: Uint8Array, deps: Deps, options: HandleOptions) => Admission<Output> | undefined)
    | undefined;
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

/**
 * A large body's answer from its JSON bytes, never parsed on this thread (`op.admitJson`):
 * admitted on the bytes in its turn (`takeTurn`), then parsed, validated and run where its
 * admission runs it, within the deadline; the refusals and faults are answered as `handleInput`
 * answers them. `undefined` when the operation cannot take the bytes: the caller parses them and
 * calls `handleInput`.
 */
export async function handleJson<Input, Output, Deps>(
  op: Handled<Input, Output, Deps>,
  json: Uint8Array,
  deps: Deps,
  options: HandleOptions = {},
): Promise<Answer<Output> | undefined> {
  // Counting a large body's rows takes milliseconds: in its turn, one body per loop iteration.
  const admitted = await takeTurn(() => op.admitJson?.(json, deps, options));
  if (admitted === undefined || !admitted.ok) return admitted;
  try {
    const { run } = admitted;
    if (run === undefined) throw new Error(`${op.name}: an admission of JSON bytes without a run`);
    const elsewhere: Runnable<undefined, Output, Deps> = {
      name: op.name,
      deadlineMs: op.deadlineMs,
      run: (_input, _deps, context) => run(context ?? {}),
    };
    return await runClassified(elsewhere, undefined, deps, { ...options, ticket: admitted.ticket });
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
  return runClassified(op, parsed.output, deps, options);
}

/** Runs within the deadline; a refusal the run throws is its `Failure`, anything else a fault. */
async function runClassified<Input, Output, Deps>(
  op: Runnable<Input, Output, Deps>,
  input: Input,
  deps: Deps,
  options: RunOperationOptions,
): Promise<Answer<Output>> {
  try {
    return { ok: true, output: await runOperation(op, input, deps, options) };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, failure };
  }
}
