import { type FacilitatorClient, HTTPFacilitatorClient } from "@x402/core/server";

/** How long one facilitator call may take before it counts as the facilitator failing. */
export const FACILITATOR_TIMEOUT_MS = 30_000;

/**
 * A facilitator over HTTP with the same auth headers (if any) on every call: one whose
 * credentials do not change per call (Coinbase's do: see `cdpFacilitator`).
 */
export function httpFacilitator(
  url: string,
  headers: Readonly<Record<string, string>> = {},
  timeoutMs = FACILITATOR_TIMEOUT_MS,
): FacilitatorClient {
  const auth = Object.keys(headers).length === 0 ? undefined : { ...headers };
  return new HTTPFacilitatorClient({
    url,
    timeoutMs,
    ...(auth === undefined
      ? {}
      : { createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) }),
  });
}
