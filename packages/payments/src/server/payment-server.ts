import type { SigningKey } from "@svc/attestations";
import { type FacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { Network } from "@x402/core/types";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import {
  createJWSOfferReceiptIssuer,
  createOfferReceiptExtension,
} from "@x402/extensions/offer-receipt";
import { jwsSignerOf } from "../offer-receipt/jws-signer.js";
import { KNOWN_SCHEMES } from "../schemes/known-schemes.js";

export interface PaymentServerOptions {
  /**
   * The service's signing key: with it, every 402 carries signed offers and every settlement a
   * signed receipt (x402's `offer-receipt` extension, JWS), verifiable with the public key the
   * service publishes at `/.well-known/jwks.json`. Without it, neither is sent.
   */
  readonly signingKey?: SigningKey | undefined;
}

/**
 * The x402 resource server both transports use: every known scheme on each of its networks (the
 * `exact` EVM scheme on Base, the `exact` Solana scheme) and the bazaar discovery extension,
 * talking to one facilitator (HTTP, or in-process for the devnet), or to several (each network
 * and version goes to the first that lists it: the local devnets, one per chain); with a
 * signing key, the `offer-receipt` extension too.
 */
export function createPaymentServer(
  facilitator: FacilitatorClient | readonly FacilitatorClient[],
  options: PaymentServerOptions = {},
): x402ResourceServer {
  const server = new x402ResourceServer(
    Array.isArray(facilitator) ? [...facilitator] : (facilitator as FacilitatorClient),
  );
  for (const scheme of KNOWN_SCHEMES) {
    for (const network of Object.keys(scheme.networks) as Network[]) {
      scheme.register(server, network);
    }
  }
  server.registerExtension(bazaarResourceServerExtension);
  const key = options.signingKey;
  if (key === undefined) return server;
  // The JWS `kid` is the key's kid in the service's published key set (a JWKS), not a DID: the
  // extension's verifiers are then given the published key rather than resolving the kid.
  return server.registerExtension(
    createOfferReceiptExtension(createJWSOfferReceiptIssuer(key.kid, jwsSignerOf(key))),
  );
}
