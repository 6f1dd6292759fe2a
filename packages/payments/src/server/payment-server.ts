import {
  type FacilitatorClient,
  HTTPFacilitatorClient,
  x402ResourceServer,
} from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { BASE_NETWORK } from "../terms/usdc.js";

/**
 * The x402 resource server both transports use: the `exact` EVM scheme on Base and the bazaar
 * discovery extension, talking to one facilitator (in-process for the devnet, HTTP otherwise).
 */
export function createPaymentServer(facilitator: FacilitatorClient): x402ResourceServer {
  return new x402ResourceServer(facilitator)
    .register(BASE_NETWORK, new ExactEvmScheme())
    .registerExtension(bazaarResourceServerExtension);
}

/** A facilitator over HTTP (e.g. Coinbase CDP), with the same auth headers on every call. */
export function httpFacilitator(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): FacilitatorClient {
  const auth = Object.keys(headers).length === 0 ? undefined : headers;
  return new HTTPFacilitatorClient({
    url,
    timeoutMs,
    ...(auth === undefined
      ? {}
      : { createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) }),
  });
}
