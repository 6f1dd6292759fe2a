import type { RenderTicket } from "@svc/renderers/pool";
import type * as v from "valibot";
import type { Attest } from "../attestation/attest.js";
import { recordScreenings } from "../evidence/screening-evidence.js";
import {
  type Admission,
  type Answer,
  type HandleOptions,
  handleInput,
  handleJson,
} from "../execution/handle-input.js";
import type { ComplianceDeps } from "./deps.js";

/** Where an operation sits in the catalog (`GET /api` groups by it). */
export type OperationCategory = "screening" | "workflow" | "document";

/** What `runOperation` hands a run besides its input and deps. */
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
}

/** How an operation is listed, priced and bounded, whatever its input and output. */
export interface OperationInfo {
  /** Machine name, also the MCP tool name where there is one (`ofac_wallet_screen`). */
  readonly name: string;
  /** The operation's name for people (MCP tool title, docs heading). */
  readonly title: string;
  readonly method: "GET" | "POST";
  /** hono path, e.g. `/api/ofac-wallet-screen/:address`. */
  readonly path: string;
  /** USD, a decimal string. */
  readonly price: string;
  readonly category: OperationCategory;
  readonly tags: readonly string[];
  readonly description: string;
  /** What the 200 answer carries: `application/json`, or a document inside JSON. */
  readonly mimeType: string;
  /** A trimmed example of the answer (docs, OpenAPI, discovery); tests check it against a real run. */
  readonly outputExample: unknown;
  /**
   * The schema of the 200 answer: what OpenAPI's response, the docs page and the MCP tool's
   * `outputSchema` publish. Objects in it stay open (a member added later breaks no client).
   */
  readonly output: v.GenericSchema;
  /**
   * How long a run may take, in milliseconds, from the call to its answer (queueing for a
   * renderer included). The payment layer reads it (`deadlineOf`) before running, to refuse an
   * authorization that would expire before the run is settled; `runOperation` abandons a run
   * that outlasts it (`EXECUTION_TIMEOUT`, not charged). Each value sits far above what the
   * operation's largest valid input takes on a 2-core machine, so only a stuck or hostile run
   * reaches it.
   */
  readonly deadlineMs: number;
  /**
   * The largest request body a POST operation takes, in bytes: sized on its largest valid input,
   * so a larger declared body is refused (413) before payment or parsing. Default 1 MiB (the
   * documents, whose reports can be that large).
   */
  readonly maxBodyBytes?: number;
}

/** What an operation is written as: its listing, its input schema and example, and its run. */
export interface OperationDefinition<Input = unknown, Output = unknown> extends OperationInfo {
  /** The request: for GET the path and query parameters, for POST the JSON body. */
  readonly input: v.GenericSchema<unknown, Input>;
  readonly inputExample: Input;
  /**
   * What is checked on the raw input before its schema runs (the documents: the body's size, and
   * a place in the renderer's queue), refusing before any validation; see `Handled.admit`.
   */
  readonly admit?: (
    raw: unknown,
    deps: ComplianceDeps,
    options: HandleOptions,
  ) => Admission<Output>;
  /**
   * The same look at a large body's JSON bytes, unparsed, with a run that parses and validates
   * them off this thread (`Handled.admitJson`: the documents, on the render worker).
   */
  readonly admitJson?: (
    json: Uint8Array,
    deps: ComplianceDeps,
    options: HandleOptions,
  ) => Admission<Output> | undefined;
  readonly run: (
    input: Input,
    deps: ComplianceDeps,
    context?: RunContext,
  ) => Promise<Output> | Output;
}

/**
 * A request handled from end to end: the raw input (path and query parameters, or the JSON body)
 * checked against the operation's schema, then run within its deadline; a refusal of either is
 * a `Failure`, a fault is thrown.
 */
export type HandleOperation<Output> = (
  raw: unknown,
  deps: ComplianceDeps,
  options?: HandleOptions,
) => Promise<Answer<Output>>;

/**
 * One paid operation, defined once: the HTTP route, the x402 terms, OpenAPI, the docs pages,
 * the discovery documents and the MCP tool are all derived from it.
 */
export interface Operation<Input = unknown, Output = unknown>
  extends OperationDefinition<Input, Output> {
  readonly handle: HandleOperation<Output>;
  /** With `admitJson`: a large body's answer from its bytes (`handleJson`), or `undefined`. */
  readonly handleJson?: HandleJson<Output> | undefined;
}

/**
 * A large body handled from its JSON bytes, never parsed on the calling thread; `undefined` when
 * the operation cannot take them, for the caller to parse them and `handle` the value.
 */
export type HandleJson<Output> = (
  json: Uint8Array,
  deps: ComplianceDeps,
  options?: HandleOptions,
) => Promise<Answer<Output> | undefined>;

/** Keeps the input and output types of a definition, and gives it the one way to handle a request. */
export const defineOperation = <Input, Output>(
  definition: OperationDefinition<Input, Output>,
): Operation<Input, Output> => ({
  ...definition,
  handle: async (raw, deps, options) => {
    const screened = recordScreenings(deps);
    const answer = await handleInput(definition, raw, screened.deps, options);
    return answer.ok ? { ...answer, evidence: screened.evidence() } : answer;
  },
  handleJson:
    definition.admitJson === undefined
      ? undefined
      : async (json, deps, options) => {
          const screened = recordScreenings(deps);
          const answer = await handleJson(definition, json, screened.deps, options);
          return answer?.ok === true ? { ...answer, evidence: screened.evidence() } : answer;
        },
});
