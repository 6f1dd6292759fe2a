/**
 * Stable machine codes for every failure this package reports. Callers (the HTTP and MCP
 * apps, the CLI) map them to statuses and messages; the codes never change meaning.
 */
export type OfacIndexErrorCode =
  | "INVALID_ADDRESS"
  | "UNSUPPORTED_ASSET"
  | "NOT_SDN_ADVANCED"
  | "UNKNOWN_NAMESPACE"
  | "UNSUPPORTED_ENCODING"
  | "MALFORMED_XML"
  | "TRUNCATED"
  | "CORRUPT_COMPRESSION"
  | "LIST_UNAVAILABLE"
  | "SOURCE_NOT_FOUND"
  | "SOURCE_UNREACHABLE"
  | "HTTP_STATUS"
  | "TIMEOUT"
  | "SIZE_LIMIT"
  | "EMPTY_LIST"
  | "LIST_SHRANK"
  | "OLDER_EDITION"
  | "FUTURE_EDITION"
  | "LIST_STALE"
  | "SNAPSHOT_INVALID";

export class OfacIndexError extends Error {
  override readonly name = "OfacIndexError";
  readonly code: OfacIndexErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: OfacIndexErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

export const isOfacIndexError = (value: unknown): value is OfacIndexError =>
  value instanceof OfacIndexError;
