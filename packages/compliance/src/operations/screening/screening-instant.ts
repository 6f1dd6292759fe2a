import type { SourceFreshness } from "@svc/ofac-index";
import type { ScreeningInstant } from "@svc/report-model";
import type { ScreeningAttestation } from "../../attestation/attest.js";

/**
 * When the service screened and on which edition, as its own documents print it: the signed
 * answer's instant (`issuedAt` of its attestation, or of the JWS an answer carries), else `now`
 * (an unsigned run), beside the edition screened.
 */
export const screeningInstant = (
  freshness: SourceFreshness,
  attestation: ScreeningAttestation | string | undefined,
  now: Date = new Date(),
): ScreeningInstant => ({
  at:
    (typeof attestation === "string" ? issuedAtOf(attestation) : attestation?.issuedAt) ??
    now.toISOString(),
  editionDate: freshness.datasetDate,
  editionSha256: freshness.datasetSha256,
});

/**
 * The `issuedAt` of an answer's own attestation (the compact JWS it just signed), read from its
 * payload without verifying it (the service signed it in this run); undefined if unreadable.
 */
function issuedAtOf(jws: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jws.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.issuedAt === "string" ? payload.issuedAt : undefined;
  } catch {
    return undefined;
  }
}
