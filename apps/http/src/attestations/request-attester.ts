import { type Attest, attesterFor, authorizationPayment } from "@svc/compliance";
import { paidAuthorization } from "@svc/payments";
import type { Context } from "hono";
import { requestBaseUrl } from "../discovery/request-base-url.js";
import type { ServiceAttestation } from "./service-attestation.js";

/** The `Attest` of one paid request, or undefined where the app signs nothing. */
export type RequestAttester = (c: Context) => Attest | undefined;

/**
 * How a paid route signs its screening answers: with the service's key, on the public base URL
 * (`PUBLIC_BASE_URL`, else the request's own, as the discovery documents name it), bound to the
 * authorization that pays for this request. Without a key (an app built without one) nothing is
 * signed. A paid request whose authorization is missing is a fault, never an unsigned answer.
 * Each attestation signed is kept (`keep`: the service's archive) before the answer goes out.
 */
export function requestAttester(
  attestation: ServiceAttestation | undefined,
  configuredBaseUrl: string | undefined,
  keep?: ((jws: string) => Promise<void>) | undefined,
): RequestAttester {
  if (attestation === undefined) return () => undefined;
  const baseUrlOf = requestBaseUrl(configuredBaseUrl);
  return (c) => {
    const authorization = paidAuthorization(c);
    if (authorization === undefined) {
      throw new Error("a paid route ran without the authorization that pays for it");
    }
    return attesterFor({
      key: attestation.key,
      baseUrl: baseUrlOf(c),
      payment: authorizationPayment(authorization),
      keep,
    });
  };
}
