import * as v from "valibot";
import type { ComplianceDeps } from "../catalog/deps.js";
import { recordScreenings, type ScreeningRecorder } from "../evidence/screening-evidence.js";
import { classifyFailure, invalidInput } from "../failures/classify-failure.js";
import type { Answer, Executable, ExecuteOptions } from "./executable.js";
import { type RunBounds, type Runnable, runWithinDeadline } from "./run-within-deadline.js";
import { takeTurn } from "./take-turn.js";

/**
 * The one way from a request to its answer, for the HTTP routes and the MCP tools alike: the raw
 * input (path and query parameters, a JSON body, a tool's arguments) admitted (`op.admit`: a
 * body too large or a renderer too busy is refused before any validation), checked against
 * `op.input` (refused `INVALID_INPUT` with the field paths), then run within its deadline
 * (`runWithinDeadline`). What `classifyFailure` recognizes (refused input found by the run, a
 * report too large, no list, a busy renderer, a run past its deadline) is answered as a
 * `Failure`; anything else is a fault and is thrown, for the transport to answer without
 * internals and report. Every screening the run makes is noted: an answer carries the list
 * edition and the addresses it screened (`evidence`), for the record of its payment.
 */
export async function execute<Input, Output, Deps extends ComplianceDeps>(
  op: Executable<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
  options: ExecuteOptions = {},
): Promise<Answer<Output>> {
  const screened = recordScreenings(deps);
  return withEvidence(await admitAndRun(op, raw, screened.deps, options), screened);
}

/**
 * A large body's answer from its JSON bytes, never parsed on this thread (`op.admitJson`):
 * admitted on the bytes in its turn (`takeTurn`), then parsed, validated and run where its
 * admission runs it, within the deadline; the refusals and faults are answered as `execute`
 * answers them. `undefined` when the operation cannot take the bytes: the caller parses them and
 * calls `execute`.
 */
export async function executeJson<Input, Output, Deps extends ComplianceDeps>(
  op: Executable<Input, Output, Deps>,
  json: Uint8Array,
  deps: Deps,
  options: ExecuteOptions = {},
): Promise<Answer<Output> | undefined> {
  if (op.admitJson === undefined) return undefined;
  const screened = recordScreenings(deps);
  // Counting a large body's rows takes milliseconds: in its turn, one body per loop iteration.
  const admitted = await takeTurn(() => op.admitJson?.(json, screened.deps, options));
  if (admitted === undefined || !admitted.ok) return admitted;
  try {
    const { run } = admitted;
    if (run === undefined) throw new Error(`${op.name}: an admission of JSON bytes without a run`);
    const elsewhere: Runnable<undefined, Output, Deps> = {
      name: op.name,
      deadlineMs: op.deadlineMs,
      run: (_input, _deps, context) => run(context ?? {}),
    };
    const answer = await runClassified(elsewhere, undefined, screened.deps, {
      ...options,
      ticket: admitted.ticket,
    });
    return withEvidence(answer, screened);
  } finally {
    admitted.ticket?.release();
  }
}

/** An answer with what its run screened; a refusal as it is. */
const withEvidence = <Output>(
  answer: Answer<Output>,
  screened: ScreeningRecorder<ComplianceDeps>,
): Answer<Output> => (answer.ok ? { ...answer, evidence: screened.evidence() } : answer);

/** Admitted (when the operation admits), then validated and run; the ticket released after. */
async function admitAndRun<Input, Output, Deps extends ComplianceDeps>(
  op: Executable<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
  options: ExecuteOptions,
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

async function validateAndRun<Input, Output, Deps extends ComplianceDeps>(
  op: Executable<Input, Output, Deps>,
  raw: unknown,
  deps: Deps,
  options: RunBounds,
  large = false,
): Promise<Answer<Output>> {
  const parsed = large
    ? await takeTurn(() => v.safeParse(op.input, raw))
    : v.safeParse(op.input, raw);
  if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) };
  return runClassified(op, parsed.output, deps, options);
}

/** Runs within the deadline; a refusal the run throws is its `Failure`, anything else a fault. */
async function runClassified<Input, Output, Deps extends ComplianceDeps>(
  op: Runnable<Input, Output, Deps>,
  input: Input,
  deps: Deps,
  options: RunBounds,
): Promise<Answer<Output>> {
  try {
    return { ok: true, output: await runWithinDeadline(op, input, deps, options) };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, failure };
  }
}
