/**
 * The most bytes of request headers the service reads: Node's HTTP server's default
 * (`http.maxHeaderSize`, 16 KiB for the request line and every header together), which the
 * service does not change; a larger request is refused (431) before the app sees it. No header
 * value, the payment's included, is longer.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The longest request target (path and query) the service answers (apps/http's
 * `MAX_TARGET_LENGTH`): a longer one is refused 414 `URI_TOO_LONG`. No path or query parameter
 * is longer.
 */
export const MAX_TARGET_LENGTH = 1024;

/**
 * The largest JSON body a paid route reads where its operation declares none
 * (`Operation.maxBodyBytes`): 1 MiB, apps/http's `MAX_BODY_BYTES`. A larger body is refused 413
 * before payment, unread.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The limits the published schemas take from the HTTP transport (apps/http), stated once here:
 * the app's tests hold each equal to the one it enforces.
 */
export const REQUEST_LIMITS = {
  maxHeaderBytes: MAX_HEADER_BYTES,
  maxTargetLength: MAX_TARGET_LENGTH,
  maxBodyBytes: MAX_BODY_BYTES,
} as const;
