import type { JsonSchema } from "@svc/report-model";

/**
 * A free endpoint of the service (the list status, editions and changes; a payment's receipt;
 * the attestation key set and verification), as the discovery documents and the pages describe
 * it. The app defines its free endpoints and passes them in.
 */
export interface FreeEndpoint {
  readonly name: string;
  /** The path; a path parameter is written OpenAPI-style: `/api/payments/{paymentId}`. */
  readonly path: string;
  /** GET (the default), or POST / PATCH for one that reads a JSON `body`, or DELETE. */
  readonly method?: FreeMethod;
  /**
   * Whether it answers only the wallet that signs in (a Sign-In-With-X proof in the
   * `SIGN-IN-WITH-X` header, x402's `sign-in-with-x` extension): without one, 402 with the
   * challenge to sign; with a refused one, 401 (400 when it is not a proof at all).
   */
  readonly signIn?: boolean;
  readonly title: string;
  readonly description: string;
  /**
   * What it tells: the sanctions list (the default; answered with an ETag, a 304 on a match), a
   * payment (answered never cached, with the settlement receipt once there is one), or an
   * attestation (the keys that sign them, and their verification), or a monitor (its owner's).
   */
  readonly topic?: FreeTopic;
  /** Path parameters: name → what it is (each one is required; `pattern` a regular expression). */
  readonly params?: Readonly<
    Record<string, { readonly description: string; readonly pattern?: string }>
  >;
  /**
   * Query parameters: name → what it means (all optional unless `required`; `pattern` a
   * regular expression the value must match).
   */
  readonly query?: Readonly<
    Record<
      string,
      { readonly description: string; readonly required?: boolean; readonly pattern?: string }
    >
  >;
  /** The `code` of its 404, when it looks something up (`PAYMENT_NOT_FOUND`). */
  readonly notFoundCode?: string;
  /** How often one client may call it, when it is rate-limited (past it: 429 `RATE_LIMITED`). */
  readonly rateLimit?: { readonly burst: number; readonly perSecond: number };
  /**
   * The JSON body a POST reads: its JSON Schema (derived from the route's own validation), an
   * example and the size past which it is refused (413) unread.
   */
  readonly body?: FreeBody;
  /**
   * What its 200 is, when not the topic's plain JSON object: a description, its media type and
   * Cache-Control, and the JSON Schema of the answer.
   */
  readonly answer?: FreeAnswer;
  /**
   * A path with a query that works against any running service; with path parameters, the path
   * with example values (one no service need know). For a POST, the path (the body is `body.example`).
   */
  readonly example: string;
}

export type FreeMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** The JSON body of a free POST. */
export interface FreeBody {
  readonly description: string;
  readonly schema: JsonSchema;
  readonly example: unknown;
  readonly maxBytes: number;
}

/** The 200 of a free endpoint. */
export interface FreeAnswer {
  readonly description: string;
  /** Default `application/json`. */
  readonly contentType?: string;
  /** The Cache-Control it is sent with, when the answer states one. */
  readonly cacheControl?: string;
  readonly schema?: JsonSchema;
}

/** What a free endpoint tells about (its OpenAPI tag). */
export type FreeTopic = "list" | "payment" | "attestation" | "monitor";

/** The topic of a free endpoint: the list unless it says otherwise. */
export const topicOf = (e: FreeEndpoint): FreeTopic => e.topic ?? "list";

/** The method of a free endpoint: GET unless it says otherwise. */
export const methodOf = (e: Pick<FreeEndpoint, "method">): FreeMethod => e.method ?? "GET";
