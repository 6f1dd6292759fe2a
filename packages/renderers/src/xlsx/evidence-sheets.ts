import { ATTESTATION_CARRIERS } from "@svc/attestations";
import type { ReportAttestation } from "@svc/report-model";
import type ExcelJS from "exceljs";
import { evidenceBlock } from "../evidence/evidence-block.js";
import { printOptions } from "./print-setup.js";
import {
  LABEL_STYLE,
  MONO_FONT,
  MONO_SIZE,
  SECTION_STYLE,
  type Style,
  WRAP_STYLE,
} from "./styles.js";

const VALUE_STYLE: Style = {
  font: { name: MONO_FONT, size: MONO_SIZE },
  alignment: { vertical: "top", wrapText: true },
};
/** Wide enough for the verification URL of a usual host on one line (in characters). */
const VALUE_WIDTH = 120;

/**
 * The evidence sheet, printed last: the attestation's fingerprint, kid, instant, edition and
 * verification URL (code font), and where the workbook carries the JWS. exceljs's streaming
 * writer embeds no pictures, so the workbook has no QR code: the URL is its text.
 */
export function writeEvidenceSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  attestation: ReportAttestation,
  /** The print header every sheet of the workbook carries (`sheetHeader`). */
  header: string | undefined,
): void {
  const block = evidenceBlock(attestation, "xlsx");
  const ws = wb.addWorksheet(name, printOptions(30 + VALUE_WIDTH, header));
  ws.columns = [{ width: 30 }, { width: VALUE_WIDTH }];
  const title = ws.addRow([block.heading]);
  title.getCell(1).style = SECTION_STYLE;
  title.commit();
  for (const f of block.fields) {
    const row = ws.addRow([f.label, f.lines.join("\n")]);
    row.getCell(1).style = LABEL_STYLE;
    row.getCell(2).style = VALUE_STYLE;
    // Rows as tall as their lines (15 points a line), so nothing is clipped when printed.
    row.height = 15 * f.lines.length;
    row.commit();
  }
  ws.addRow([]).commit();
  const statement = ws.addRow([block.statement]);
  statement.getCell(1).style = WRAP_STYLE;
  statement.height = 15 * 3;
  ws.mergeCells(statement.number, 1, statement.number, 2);
  statement.commit();
  ws.commit();
}

/**
 * The JWS's sheet: very hidden (no print, not listed by Excel's Unhide), its header in A1 and
 * the JWS in column A from A2 down, `ATTESTATION_CARRIERS.xlsxCellLength` characters a cell, to
 * be joined in row order.
 */
export function writeJwsSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  attestation: ReportAttestation,
): void {
  const ws = wb.addWorksheet(name, { state: "veryHidden" });
  ws.addRow([
    "Compact JWS of the screening attestation, in pieces: join column A from A2 down",
  ]).commit();
  const step = ATTESTATION_CARRIERS.xlsxCellLength;
  for (let i = 0; i < attestation.jws.length; i += step) {
    ws.addRow([attestation.jws.slice(i, i + step)]).commit();
  }
  ws.commit();
}
