/**
 * A free GET endpoint of the service (the list status, editions and changes), as the discovery
 * documents and the pages describe it. The app defines its free endpoints and passes them in.
 */
export interface FreeEndpoint {
  readonly name: string;
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** Query parameters: name → what it means (all optional unless `required`). */
  readonly query?: Readonly<
    Record<string, { readonly description: string; readonly required?: boolean }>
  >;
  /** A path with a query that works against any running service. */
  readonly example: string;
}
