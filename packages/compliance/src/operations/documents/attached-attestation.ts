import type { Report } from "@svc/report-model";
import { ATTESTATION_APPENDIX } from "../screening/attestation-appendix.js";

/**
 * The attestation a report carries, as the service's screening reports attach it: the JWS sheet
 * of the attestation appendix (`ATTESTATION_APPENDIX.jws`), its printed lines joined without
 * their whitespace. Undefined when the report has no such sheet, or it holds no text. The one
 * place a document route looks for it.
 */
export function attachedAttestation(report: Report): string | undefined {
  const sheet = report.workbook.find((t) => t.key === ATTESTATION_APPENDIX.jws);
  if (sheet === undefined) return undefined;
  const jws = sheet.rows
    .map((row) => (typeof row[0] === "string" ? row[0] : ""))
    .join("")
    .replace(/\s+/g, "");
  return jws === "" ? undefined : jws;
}
