import {
  type AttestedPayment,
  attestationClaims,
  type ScreeningAnswer,
  type SigningKey,
  signAttestation,
} from "@svc/attestations";
import { attestationUrls } from "./attestation-paths.js";

/**
 * A screening answer's signed evidence: the compact JWS (what the answer's `attestation` member
 * holds), the key it was signed with, and where anyone checks it (the service's key set and its
 * free verification route), as the documents' attestation appendix prints them.
 */
export interface ScreeningAttestation {
  readonly jws: string;
  readonly kid: string;
  /** When it was signed (the claims' `issuedAt`): the instant of the screening's answer. */
  readonly issuedAt: string;
  readonly keysUrl: string;
  readonly verifyUrl: string;
}

/**
 * Signs the attestation of one screening answer (one address or a batch). Given to a run by the
 * transport that took its payment (`RunContext.attest`), bound to that payment and the service's
 * base URL; absent where nothing is signed (a free local server, a library call).
 */
export type Attest = (screening: ScreeningAnswer) => Promise<ScreeningAttestation>;

export interface AttesterOptions {
  /** The service's signing key (its `kid` is published in the key set). */
  readonly key: SigningKey;
  /** The service's public base URL (the claims' `baseUrl`; the key set is under it). */
  readonly baseUrl: string;
  /** The payment the answer was paid with. */
  readonly payment: AttestedPayment;
  /** The clock (default: now), for `issuedAt`. */
  readonly now?: (() => Date) | undefined;
  /**
   * Keeps each attestation signed, before the answer carrying it is returned (the service
   * archives it, so its lookup URL answers once the answer is out). Awaited: it must not throw
   * for a failure of its own the answer should survive (the service's logs and continues).
   */
  readonly keep?: ((jws: string) => Promise<void>) | undefined;
}

/** The `Attest` of one paid request: its payment and the service's key and base URL. */
export function attesterFor(options: AttesterOptions): Attest {
  const urls = attestationUrls(options.baseUrl);
  return async (screening) => {
    const claims = attestationClaims({
      issuedAt: (options.now ?? (() => new Date()))(),
      baseUrl: options.baseUrl,
      screening,
      payment: options.payment,
    });
    const jws = await signAttestation(claims, options.key);
    await options.keep?.(jws);
    return { jws, kid: options.key.kid, issuedAt: claims.issuedAt, ...urls };
  };
}

/**
 * An x402 payment's authorization as the paid-call path hands it to a run: network, token,
 * payer and nonce, already in the one spelling its scheme defines (EVM: hex lower-cased; the
 * payment layer's `canonicalKey`), so nothing here changes their case.
 */
export interface PaymentAuthorization {
  readonly network: string;
  readonly asset: string;
  readonly payer: string;
  readonly nonce: string;
}

/**
 * How an attestation signed before its payment settled names that payment: its authorization,
 * which exactly one transfer on chain can consume, as the payment layer spelled it.
 */
export const authorizationPayment = (authorization: PaymentAuthorization): AttestedPayment => ({
  network: authorization.network,
  asset: authorization.asset,
  payer: authorization.payer,
  authorizationNonce: authorization.nonce,
});

/**
 * What a service signs its paid screening answers with: its key and its public base URL (the
 * claims' `baseUrl`, where the key set is published), known per request.
 */
export interface AttestationSigning {
  readonly key: SigningKey;
  readonly baseUrl: string;
  /** Keeps each attestation signed (the service's archive); see `AttesterOptions.keep`. */
  readonly keep?: ((jws: string) => Promise<void>) | undefined;
}

/**
 * The `Attest` of one paid call, whatever carries it (an HTTP route, an MCP tool): bound to the
 * authorization that pays for it (payer and nonce, which exactly one transfer on chain can
 * consume), since the answer is signed before it settles. Undefined where nothing is signed (no
 * key). A signing service asked to sign a call without its authorization is at fault: it throws,
 * so the call fails uncharged rather than answering unsigned.
 */
export function paymentAttester(
  signing: AttestationSigning | undefined,
  authorization: PaymentAuthorization | undefined,
): Attest | undefined {
  if (signing === undefined) return undefined;
  if (authorization === undefined) {
    throw new Error("a paid call ran without the authorization that pays for it");
  }
  return attesterFor({
    key: signing.key,
    baseUrl: signing.baseUrl,
    payment: authorizationPayment(authorization),
    keep: signing.keep,
  });
}
