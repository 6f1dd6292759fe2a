import type { ReportModelInput } from "@svc/report-model";
import type { ScreeningAttestation } from "../../attestation/attest.js";

/**
 * `model` carrying the screening's signed attestation (the model's `attestation` member, the
 * compact JWS); the same model when the screening was not signed. Documents made from it print
 * the attestation's evidence last (fingerprint, kid, screening instant, edition, verification
 * URL and its QR code) and carry the JWS machine-readably (a PDF attachment, a DOCX part, a
 * hidden XLSX sheet): a JWS printed on pages is of no use to anyone. The one place the wallet,
 * batch and EDD reports gain it.
 */
export function withAttestationAppendix(
  model: ReportModelInput,
  attestation: ScreeningAttestation | undefined,
): ReportModelInput {
  if (attestation === undefined) return model;
  return { ...model, attestation: attestation.jws };
}

/** What the wallet and batch report builders take beyond the screening. */
export interface ScreeningReportOptions {
  /** The report's date (default: today, `reportDate`). */
  readonly date?: string | undefined;
  /** The screening's signed attestation, carried by the documents; none when unsigned. */
  readonly attestation?: ScreeningAttestation | undefined;
}
