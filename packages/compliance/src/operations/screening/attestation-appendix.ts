import type { ReportModelInput, WireRow } from "@svc/report-model";
import type { ScreeningAttestation } from "../../attestation/attest.js";

/**
 * How many characters of the JWS each printed line holds. A JWS is one unbroken token of
 * ~700–1,000 characters: printed in fixed lines it fits any page, and a reader (or pdftotext)
 * gets it back whole by joining the lines.
 */
export const JWS_LINE_LENGTH = 64;

/**
 * How many of those lines one row of the JWS sheet holds (1,024 characters): a row is kept on one
 * page (DOCX) or split only where it outgrows one (PDF), so a JWS of any length (~400 characters
 * an address) prints as blocks that each fit a page.
 */
export const JWS_LINES_PER_ROW = 16;

/** The JWS cut into lines of `JWS_LINE_LENGTH` characters (the last one shorter). */
export function jwsLines(jws: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < jws.length; i += JWS_LINE_LENGTH) {
    lines.push(jws.slice(i, i + JWS_LINE_LENGTH));
  }
  return lines;
}

/** The rows of the JWS sheet: its lines, `JWS_LINES_PER_ROW` to a row. */
function jwsRows(jws: string): WireRow[] {
  const lines = jwsLines(jws);
  const rows: WireRow[] = [];
  for (let i = 0; i < lines.length; i += JWS_LINES_PER_ROW) {
    rows.push({ JWS: lines.slice(i, i + JWS_LINES_PER_ROW).join("\n") });
  }
  return rows;
}

/** What the attestation proves and how anyone checks it, in one sentence a reviewer can follow. */
export const ATTESTATION_STATEMENT =
  "The JWS below is the service's signature over this screening (the addresses asked about; the status, SDN entry IDs and tickers found for each; the list edition by date and SHA-256; the payment and the time): it proves the service gave this answer and that none of it changed since, and anyone can check it by joining its lines and running ofac-index verify <JWS> --keys <key set URL>, or by posting it to the verification URL.";

/**
 * The appendix sheets of a signed screening, last in the appendix: what the signature proves,
 * its key and where to check it (a field/value table), then the JWS itself in one column `JWS`,
 * its `jwsLines` in rows of `JWS_LINES_PER_ROW`: joined without their whitespace, the printed
 * lines are the JWS.
 */
export const ATTESTATION_APPENDIX = {
  about: "appendix_screening_attestation",
  jws: "appendix_signed_attestation",
} as const;

/**
 * `model` with the attestation appendix (`ATTESTATION_APPENDIX`) added after the appendix sheets
 * it has (`export_artifacts.workbook_rows`, which documents print as the appendix and workbooks
 * as extra sheets); the same model when the screening was not signed. The one builder of the
 * appendix, used by the wallet, batch and EDD reports alike.
 */
export function withAttestationAppendix(
  model: ReportModelInput,
  attestation: ScreeningAttestation | undefined,
): ReportModelInput {
  if (attestation === undefined) return model;
  const about: WireRow[] = [
    { field: "What it proves", value: ATTESTATION_STATEMENT },
    { field: "Key ID (kid)", value: attestation.kid },
    { field: "Key set URL", value: attestation.keysUrl },
    { field: "Verification URL", value: attestation.verifyUrl },
  ];
  return {
    ...model,
    export_artifacts: {
      ...model.export_artifacts,
      workbook_rows: {
        ...model.export_artifacts?.workbook_rows,
        [ATTESTATION_APPENDIX.about]: about,
        [ATTESTATION_APPENDIX.jws]: jwsRows(attestation.jws),
      },
    },
  };
}

/** What the wallet and batch report builders take beyond the screening. */
export interface ScreeningReportOptions {
  /** The report's date (default: today, `reportDate`). */
  readonly date?: string | undefined;
  /** The screening's signed attestation, printed in the appendix; none when unsigned. */
  readonly attestation?: ScreeningAttestation | undefined;
}
