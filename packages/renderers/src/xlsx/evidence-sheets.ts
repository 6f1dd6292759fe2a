import { ATTESTATION_CARRIERS } from "@svc/attestations";
import type { ReportAttestation } from "@svc/report-model";
import type ExcelJS from "exceljs";
import { evidenceBlock } from "../evidence/evidence-block.js";
import { MONO_CHAR } from "./columns.js";
import { A4_PAPER, printOptions } from "./print-setup.js";
import {
  LABEL_STYLE,
  MONO_FONT,
  MONO_SIZE,
  SECTION_STYLE,
  type Style,
  WRAP_STYLE,
} from "./styles.js";
import { lineCount, rowHeight } from "./wrap.js";

/** A line of a value: one line, never wrapped, so no row height can clip it. */
const VALUE_STYLE: Style = {
  font: { name: MONO_FONT, size: MONO_SIZE },
  alignment: { vertical: "top" },
};
const LABEL_WIDTH = 30;
/** The QR code's column (C), as wide as the picture (`QR_PX`) and a margin. */
export const QR_COLUMN = 2;
export const QR_PX = 125;
const QR_WIDTH = 20;

/**
 * The evidence sheet, printed last: the attestation's fingerprint, kid, instant, edition and
 * verification URL (code font), each line of a value in a row of its own (rows of the default
 * height: nothing is clipped), the QR code of the URL beside them in column C (added to the
 * finished package: `withQrPicture`), and where the workbook carries the JWS.
 */
export function writeEvidenceSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  attestation: ReportAttestation,
  /** The print header every sheet of the workbook carries (`sheetHeader`). */
  header: string | undefined,
): void {
  const block = evidenceBlock(attestation, "xlsx");
  // The value column as wide as the longest line in the code face (the URL), kept on one line.
  const longest = Math.max(...block.fields.flatMap((f) => f.lines.map((l) => l.length)));
  const valueWidth = Math.ceil(longest * MONO_CHAR) + 2;
  const width = LABEL_WIDTH + valueWidth + QR_WIDTH;
  const ws = wb.addWorksheet(name, printOptions(width, header));
  ws.columns = [{ width: LABEL_WIDTH }, { width: valueWidth }, { width: QR_WIDTH }];
  const title = ws.addRow([block.heading]);
  title.getCell(1).style = SECTION_STYLE;
  title.commit();
  for (const f of block.fields) {
    f.lines.forEach((line, i) => {
      const row = ws.addRow([i === 0 ? f.label : undefined, line]);
      if (i === 0) row.getCell(1).style = LABEL_STYLE;
      row.getCell(2).style = VALUE_STYLE;
      row.commit();
    });
  }
  ws.addRow([]).commit();
  const statement = ws.addRow([block.statement]);
  statement.getCell(1).style = WRAP_STYLE;
  // As tall as its wrapped lines across the three columns.
  statement.height = rowHeight(lineCount(block.statement, width));
  ws.mergeCells(statement.number, 1, statement.number, 3);
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
  // On A4 as every sheet, though it never prints.
  const ws = wb.addWorksheet(name, { state: "veryHidden", pageSetup: { paperSize: A4_PAPER } });
  ws.addRow([
    "Compact JWS of the screening attestation, in pieces: join column A from A2 down",
  ]).commit();
  const step = ATTESTATION_CARRIERS.xlsxCellLength;
  for (let i = 0; i < attestation.jws.length; i += step) {
    ws.addRow([attestation.jws.slice(i, i + step)]).commit();
  }
  ws.commit();
}
