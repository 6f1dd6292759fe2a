import type { Report } from "@svc/report-model";

/**
 * The attestation a report carries, as the service's screening reports attach it: the model's
 * `attestation` member (the compact JWS, which documents carry as an attachment, a part or a
 * hidden sheet, never printed). Undefined when the report has none. The one place a document
 * route looks for it.
 */
export function attachedAttestation(report: Report): string | undefined {
  const jws = report.attestation?.jws;
  return jws === undefined || jws === "" ? undefined : jws;
}
