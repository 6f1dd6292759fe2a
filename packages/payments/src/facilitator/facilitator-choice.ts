import type { FacilitatorClient } from "@x402/core/server";
import { cdpFacilitator } from "./cdp-facilitator.js";
import { httpFacilitator } from "./http-facilitator.js";

/**
 * The facilitator the configuration names: the local devnet's (development only; the service
 * starts it), one over HTTP with static headers, or Coinbase's (CDP), each call signed with the
 * operator's API key.
 */
export type FacilitatorChoice =
  | { readonly kind: "devnet" }
  | {
      readonly kind: "http";
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: "cdp";
      readonly url: string;
      readonly apiKeyId: string;
      /** A function, so that a configuration logged or serialized never shows the secret. */
      readonly apiKeySecret: () => string;
    };

/** The client of a facilitator reached over HTTP (every choice but the devnet's). */
export function facilitatorClient(
  choice: Exclude<FacilitatorChoice, { kind: "devnet" }>,
  timeoutMs?: number,
): FacilitatorClient {
  return choice.kind === "cdp"
    ? cdpFacilitator({
        apiKeyId: choice.apiKeyId,
        apiKeySecret: choice.apiKeySecret(),
        url: choice.url,
        timeoutMs,
      })
    : httpFacilitator(choice.url, choice.headers, timeoutMs);
}
