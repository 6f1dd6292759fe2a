import type { RenderTicket } from "@svc/renderers/pool";
import type * as v from "valibot";
import type { Attest, PaymentAuthorization } from "../attestation/attest.js";
import type { ComplianceDeps } from "../catalog/deps.js";
import type { ScreeningEvidence } from "../evidence/screening-evidence.js";
import type { Failure } from "../failures/failure.js";

/** What the executor hands a run besides its input and deps. */
export interface RunContext {
  /**
   * Fires when the run is abandoned (its deadline passed, or the caller gave up). An operation
   * passes it to whatever it waits on that can stop early: the renderer (`deps.render`).
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Signs the attestation of a screening answer, bound to the payment of this run (the hosted
   * service's paid routes and tools). A screening operation that is given it puts the JWS in its
   * answer's `attestation` and prints it in its documents' attestation appendix; without it
   * (free, offline) nothing is signed.
   */
  readonly attest?: Attest | undefined;
  /** The render's place in the renderer's queue, admitted before the input was validated. */
  readonly ticket?: RenderTicket | undefined;
  /**
   * The authorization that pays for this run (a paid route or tool of the hosted service): what
   * an operation that keeps something for its payer (a monitor, owned by the paying wallet)
   * records. Absent where nothing is paid.
   */
  readonly payment?: PaymentAuthorization | undefined;
}

/** What the transport knows of a request besides its input: who pays, how long it may take. */
export interface ExecuteOptions {
  /**
   * A tighter budget than the operation's own (a test, a transport with less time left). Never
   * a looser one: the payment layer sized the authorization on `deadlineOf(op)`, so a larger
   * value is capped at it.
   */
  readonly deadlineMs?: number | undefined;
  /** The caller giving up (a client that disconnected): the run is abandoned with its reason. */
  readonly signal?: AbortSignal | undefined;
  /** Signs the run's screening attestations (`RunContext.attest`), bound to its payment. */
  readonly attest?: Attest | undefined;
  /** Who pays for the request (the x402 authorization's `from`), for per-payer admission. */
  readonly payer?: string | undefined;
  /** The authorization that pays for the request (`RunContext.payment`). */
  readonly payment?: PaymentAuthorization | undefined;
}

/**
 * Whether a request may go on to validation and its run: a render's place, or a refusal. With
 * `run` (an admission of a body's JSON bytes, `Executable.admitJson`), the admission takes the
 * run on itself, validation included, away from the calling thread: a large document body is
 * parsed and validated on the render worker with the operation's own schema, its refusals the
 * same `Failure`s (thrown as `RefusalError`).
 */
export type Admission<Output = unknown> =
  | {
      readonly ok: true;
      readonly ticket?: RenderTicket | undefined;
      readonly run?: ((context: RunContext) => Promise<Output>) | undefined;
    }
  | { readonly ok: false; readonly failure: Failure };

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

/**
 * What the executor runs (`execute`): a name, an input schema, a deadline, an optional
 * admission and a run. Every catalog operation is one, and so is every MCP tool, whose deps add
 * what its server knows to `ComplianceDeps`.
 *
 * `run` and the admissions are methods so that operations of every input and output can be held
 * as one type (`AnyOperation`): a method's parameters are compared both ways, so an operation
 * on its own input is an `Executable<unknown>`. Only the executor calls `run` on such a value,
 * and it pairs it with what the same operation's `input` parsed.
 */
export interface Executable<Input, Output, Deps extends ComplianceDeps = ComplianceDeps> {
  /** Machine name, also the MCP tool name where there is one (`ofac_wallet_screen`). */
  readonly name: string;
  /**
   * How long a run may take, in milliseconds, from the call to its answer (queueing for a
   * renderer included). The payment layer reads it (`deadlineOf`) before running, to refuse an
   * authorization that would expire before the run is settled; the executor abandons a run that
   * outlasts it (`EXECUTION_TIMEOUT`, not charged). Each value sits far above what the
   * operation's largest valid input takes on a 2-core machine, so only a stuck or hostile run
   * reaches it.
   */
  readonly deadlineMs: number;
  /** The request: for GET the path and query parameters, for POST the JSON body. */
  readonly input: v.GenericSchema<unknown, Input>;
  /**
   * A cheap look at the raw input before its schema runs, for an operation whose input may be
   * large and whose run is scarce (the documents): a refusal (a body too large, a renderer too
   * busy), or a place for the run (its ticket is released when the run ends). With it, the
   * schema runs in its turn (`takeTurn`).
   */
  admit?(raw: unknown, deps: Deps, options: ExecuteOptions): Admission<Output>;
  /**
   * The same look at a large body, on its JSON bytes before they are parsed (the documents: the
   * rows and cells counted on the bytes), for a run that validates them where it runs
   * (`Admission.run`); `undefined` when it cannot take them (bytes that are not one JSON object,
   * or no renderer for bodies), for the caller to parse them and execute the value as usual.
   */
  admitJson?(json: Uint8Array, deps: Deps, options: ExecuteOptions): Admission<Output> | undefined;
  /**
   * The refusals `run` makes of an input the schema parsed, made without the run's work (no
   * answer built, nothing simulated or rendered, nothing signed): a string that is no address
   * (`INVALID_ADDRESS`), rules across fields, a report with two variants. It throws what `run`
   * would throw for them, by calling the very functions `run` starts with. A dry run
   * (`dryRun`) calls it; `execute` does not (`run` makes the same refusals itself, so a paid
   * call pays no second check).
   */
  check?(input: Input, deps: Deps): void | Promise<void>;
  /** The answer to an input the schema parsed. */
  run(input: Input, deps: Deps, context?: RunContext): Promise<Output> | Output;
}
