import { type FacilitatorClient, HTTPFacilitatorClient } from "@x402/core/server";
import { CDP_SECRET_SHAPE, cdpKeySecret } from "./cdp-api-key.js";
import { FACILITATOR_TIMEOUT_MS } from "./http-facilitator.js";

/** Coinbase's facilitator (CDP), for Base mainnet and Base Sepolia. */
export const CDP_FACILITATOR_URL = "https://api.cdp.coinbase.com/platform/v2/x402";
/** The host every CDP token names, whatever URL the client is given (as `@coinbase/x402` does). */
export const CDP_FACILITATOR_HOST = "api.cdp.coinbase.com";
/** The path under which every CDP token names its call (`/platform/v2/x402/verify`, …). */
export const CDP_FACILITATOR_PATH = "/platform/v2/x402";

export interface CdpFacilitatorOptions {
  /** The CDP API key's id (`CDP_API_KEY_ID`): a UUID, or `organizations/…/apiKeys/…`. */
  readonly apiKeyId: string;
  /** Its secret, in any form `cdpKeySecret` takes (ECDSA PEM, SEC1 or PKCS#8; Ed25519 base64). */
  readonly apiKeySecret: string;
  /**
   * Coinbase's facilitator unless given (a local stand-in, in tests). The tokens always name
   * Coinbase's host and `/platform/v2/x402/<call>`, as `@coinbase/x402` builds them, so another
   * URL must serve the same path (refused otherwise): the path a token names is then the path
   * requested, only the host differs.
   */
  readonly url?: string | undefined;
  /** How long one call may take (default 30 s). */
  readonly timeoutMs?: number | undefined;
}

type AuthHeaders = () => Promise<Record<string, Record<string, string>>>;

/**
 * Coinbase's facilitator, every call (`/verify`, `/settle`, `/supported`) authenticated by a
 * fresh JWT signed with the operator's CDP API key and naming that call's method, host and path
 * (`createCdpAuthHeaders` of `@coinbase/x402`, which signs with `generateJwt` of
 * `@coinbase/cdp-sdk/auth`; it signs the three calls' tokens each time, and the one used is the
 * call's). The package is imported on the first call only: a service configured otherwise never
 * loads it.
 */
export function cdpFacilitator(options: CdpFacilitatorOptions): FacilitatorClient {
  const url = (options.url ?? CDP_FACILITATOR_URL).replace(/\/+$/, "");
  if (new URL(url).pathname !== CDP_FACILITATOR_PATH) {
    throw new RangeError(
      `a CDP facilitator's URL must have the path ${CDP_FACILITATOR_PATH} (the path its tokens name)`,
    );
  }
  const secret = cdpKeySecret(options.apiKeySecret);
  if (secret === undefined) throw new RangeError(`the CDP API key secret ${CDP_SECRET_SHAPE}`);
  let signer: Promise<AuthHeaders> | undefined;
  const headers = async () => {
    signer ??= import("@coinbase/x402").then(({ createCdpAuthHeaders }) => {
      const sign = createCdpAuthHeaders(options.apiKeyId, secret);
      if (sign === undefined) throw new Error("@coinbase/x402 gave no CDP auth headers");
      return sign as AuthHeaders;
    });
    // A failed import is tried again on the next call rather than remembered.
    return signer.then(
      (sign) => sign(),
      (error: unknown) => {
        signer = undefined;
        throw error;
      },
    );
  };
  return new HTTPFacilitatorClient({
    url,
    timeoutMs: options.timeoutMs ?? FACILITATOR_TIMEOUT_MS,
    createAuthHeaders: headers,
  });
}
