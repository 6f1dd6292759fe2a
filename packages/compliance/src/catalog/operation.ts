import type * as v from "valibot";
import type { Executable } from "../execution/executable.js";

/** Where an operation sits in the catalog (`GET /api` groups by it). */
export type OperationCategory = "screening" | "workflow" | "document";

/** How an operation is listed as a route, priced and bounded, whatever its input and output. */
interface OperationInfo {
  /** Machine name, also the MCP tool name where there is one (`ofac_wallet_screen`). */
  readonly name: string;
  /**
   * The answer holds values the call makes (an id, a secret, instants): its `outputExample`
   * shows their shape, not values a run reproduces. Absent: a run on the sample edition answers
   * the example's values.
   */
  readonly answersFresh?: true;
  /** The operation's name for people (docs heading). */
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
  /** How long a run may take, in milliseconds (`Executable.deadlineMs`). */
  readonly deadlineMs: number;
  /**
   * The largest request body a POST operation takes, in bytes: sized on its largest valid input,
   * so a larger declared body is refused (413) before payment or parsing. Default 1 MiB (the
   * documents, whose reports can be that large).
   */
  readonly maxBodyBytes?: number;
}

/**
 * One paid operation, declared once: its listing, its input schema and example, its admission
 * and its run. The HTTP route, the x402 terms, OpenAPI, the docs pages, the discovery documents
 * and the MCP tool are all derived from it, and the executor (`execute`) is the one way a request
 * reaches its run.
 */
export interface Operation<Input = unknown, Output = unknown>
  extends OperationInfo,
    Executable<Input, Output> {
  readonly inputExample: Input;
}

/** Declares an operation, keeping its input and output types. */
export const defineOperation = <Input, Output>(
  operation: Operation<Input, Output>,
): Operation<Input, Output> => operation;
