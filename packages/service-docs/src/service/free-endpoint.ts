/**
 * A free GET endpoint of the service (the list status, editions and changes; a payment's
 * receipt), as the discovery documents and the pages describe it. The app defines its free
 * endpoints and passes them in.
 */
export interface FreeEndpoint {
  readonly name: string;
  /** The path; a path parameter is written OpenAPI-style: `/api/payments/{paymentId}`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /**
   * What it tells: the sanctions list (the default; answered with an ETag, a 304 on a match) or
   * a payment (answered never cached, with the settlement receipt once there is one).
   */
  readonly topic?: FreeTopic;
  /** Path parameters: name → what it is (each one is required; `pattern` a regular expression). */
  readonly params?: Readonly<
    Record<string, { readonly description: string; readonly pattern?: string }>
  >;
  /** Query parameters: name → what it means (all optional unless `required`). */
  readonly query?: Readonly<
    Record<string, { readonly description: string; readonly required?: boolean }>
  >;
  /**
   * A path with a query that works against any running service; with path parameters, the path
   * with example values (one no service need know).
   */
  readonly example: string;
}

/** What a free endpoint tells about (its OpenAPI tag). */
export type FreeTopic = "list" | "payment";

/** The topic of a free endpoint: the list unless it says otherwise. */
export const topicOf = (e: FreeEndpoint): FreeTopic => e.topic ?? "list";
