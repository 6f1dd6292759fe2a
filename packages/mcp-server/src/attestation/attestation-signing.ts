import type { SigningKey } from "@svc/attestations";
import {
  type Attest,
  attesterFor,
  authorizationPayment,
  type PaymentAuthorization,
} from "@svc/compliance";

/**
 * What a hosted server signs its paid screening answers with: the service's key and its public
 * base URL (the claims' `baseUrl`, where the key set is published), known per request.
 */
export interface AttestationSigning {
  readonly key: SigningKey;
  readonly baseUrl: string;
  /** Keeps each attestation signed (the service's archive); see `AttesterOptions.keep`. */
  readonly keep?: ((jws: string) => Promise<void>) | undefined;
}

/**
 * The `Attest` of one paid call: bound to the authorization that pays for it (payer and nonce,
 * which exactly one transfer on chain can consume), since the answer is signed before it settles.
 * Undefined where the server signs nothing (no key: the standalone server).
 */
export const attestOfPayment = (
  signing: AttestationSigning | undefined,
  authorization: PaymentAuthorization,
): Attest | undefined =>
  signing === undefined
    ? undefined
    : attesterFor({
        key: signing.key,
        baseUrl: signing.baseUrl,
        payment: authorizationPayment(authorization),
        keep: signing.keep,
      });
