import type { ReportAttestation, ReportSignOff } from "@svc/report-model";
import type ExcelJS from "exceljs";
import { evidenceBlock } from "../evidence/evidence-block.js";
import { approvalTitle, SIGN_OFF_WORDS, signOffBlock } from "../sign-off/sign-off-block.js";
import { QR_PX } from "./evidence-sheets.js";
import { printOptions } from "./print-setup.js";
import {
  HEADER_STYLE,
  LABEL_STYLE,
  MONO_FONT,
  MONO_SIZE,
  SECTION_STYLE,
  type Style,
  WRAP_STYLE,
} from "./styles.js";

/**
 * The sign-off sheet: the form (statement, a disposition row per wallet to decide with its empty
 * boxes and a cell for the reasons, the approval rows with blank cells for the name and role,
 * signature and date) and, when the report has an attestation, its evidence under it (the
 * evidence sheet is then not written). Printed on one page: the print area is the form and the
 * evidence, fitted to one page wide and one page tall (a form of more than `ONE_PAGE_ROWS`
 * rows: one page wide, as many tall as it takes).
 */

/** Column widths (characters): #, wallet (as wide as its longest address), finding, disposition, reasons. */
const WIDTHS = [8, 46, 26, 24, 34] as const;
const COLUMNS = WIDTHS.length;
/** Points a line of text takes, and the room a row keeps to write or sign in. */
const LINE = 15;
const ROOM = 36;
const TICK = "\u2610";
/**
 * Rows a page holds at a readable scale with the evidence: a longer form prints fitted to the
 * page's width only, over as many pages as it takes.
 */
export const ONE_PAGE_ROWS = 30;

const CODE_STYLE: Style = {
  font: { name: MONO_FONT, size: MONO_SIZE },
  alignment: { vertical: "top", wrapText: true },
};
/** An address: one line, never wrapped (its column is as wide as the longest). */
const ADDRESS_STYLE: Style = {
  font: { name: MONO_FONT, size: MONO_SIZE },
  alignment: { vertical: "top" },
};
const BOLD_WRAP: Style = { font: { bold: true }, alignment: { vertical: "top", wrapText: true } };
const BORDER = { style: "thin", color: { argb: "FFA6A6A6" } } as const;
const BOXED: Style = {
  alignment: { vertical: "top", wrapText: true },
  border: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER },
};

/** Lines `text` takes in a column `width` characters wide (roughly: a character a unit). */
const linesIn = (text: string, width: number): number =>
  text
    .split("\n")
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / Math.max(1, width - 2))), 0);

/** The sign-off sheet's print area's last row, for tests and the print setup. */
export interface SignOffSheet {
  readonly name: string;
  readonly lastRow: number;
  /**
   * The row (zero-based) left empty under the evidence for the QR code of its verification URL,
   * which is added to the finished package (`withQrPicture`); undefined without an attestation.
   */
  readonly qrRow?: number;
}

/** The height (points) of the row the QR code takes: its pixels at 96 dpi, and a margin. */
const QR_ROW_POINTS = Math.ceil((QR_PX * 72) / 96) + 6;

export function writeSignOffSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  signOff: ReportSignOff,
  attestation: ReportAttestation | null,
  /** The print header every sheet of the workbook carries (`sheetHeader`). */
  header: string | undefined,
): SignOffSheet {
  const block = signOffBlock(signOff);
  // A code-font character is about 1.1 units of the default font's at this size.
  const longest = Math.max(0, ...block.rows.map((r) => r.address?.length ?? 0));
  const widths = WIDTHS.map((w, i) => (i === 1 ? Math.max(w, Math.ceil(longest * 1.1) + 2) : w));
  const width = widths.reduce((a, b) => a + b, 0);
  const options = printOptions(width, header);
  const ws = wb.addWorksheet(name, {
    ...options,
    pageSetup: {
      ...options.pageSetup,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: block.rows.length <= ONE_PAGE_ROWS ? 1 : 0,
    },
  });
  ws.columns = widths.map((w) => ({ width: w }));
  let last = 0;
  let qrRow: number | undefined;
  const add = (values: (string | null)[], height: number, styles: readonly Style[] = []) => {
    const row = ws.addRow(values);
    styles.forEach((style, i) => {
      row.getCell(i + 1).style = style;
    });
    row.height = height;
    last = row.number;
    return row;
  };
  const across = (text: string, style: Style, height: number) => {
    const row = add([text], height, [style]);
    ws.mergeCells(row.number, 1, row.number, COLUMNS);
    row.commit();
  };

  across(block.heading, SECTION_STYLE, 20);
  across(block.statement, WRAP_STYLE, LINE * linesIn(block.statement, width));
  add(
    [
      SIGN_OFF_WORDS.position,
      SIGN_OFF_WORDS.wallet,
      SIGN_OFF_WORDS.finding,
      SIGN_OFF_WORDS.disposition,
      SIGN_OFF_WORDS.reasons,
    ],
    LINE,
    Array(COLUMNS).fill(HEADER_STYLE),
  ).commit();
  for (const r of block.rows) {
    const finding = r.party === null ? r.finding : `${r.finding}\n${r.party}`;
    const ticks = r.options.map((o) => `${TICK} ${o}`).join("\n");
    const lines = Math.max(linesIn(finding, WIDTHS[2]), linesIn(ticks, WIDTHS[3]));
    add(
      [r.position, r.address ?? SIGN_OFF_WORDS.everyWallet, finding, ticks, ""],
      Math.max(ROOM, LINE * lines),
      [BOXED, r.address === null ? BOXED : { ...BOXED, ...ADDRESS_STYLE }, BOXED, BOXED, BOXED],
    ).commit();
  }
  add([], 8).commit();
  const approvalHead = add(
    [
      SIGN_OFF_WORDS.approval,
      null,
      SIGN_OFF_WORDS.nameAndRole,
      SIGN_OFF_WORDS.signature,
      SIGN_OFF_WORDS.date,
    ],
    LINE,
    Array(COLUMNS).fill(HEADER_STYLE),
  );
  ws.mergeCells(approvalHead.number, 1, approvalHead.number, 2);
  approvalHead.commit();
  for (const a of block.approvals) {
    const row = add([approvalTitle(a), null, "", "", ""], ROOM, [
      { ...BOLD_WRAP, ...BOXED },
      BOXED,
      BOXED,
      BOXED,
      BOXED,
    ]);
    ws.mergeCells(row.number, 1, row.number, 2);
    row.commit();
  }
  if (attestation !== null) {
    const evidence = evidenceBlock(attestation, "xlsx");
    add([], 12).commit();
    across(evidence.heading, SECTION_STYLE, 20);
    // Each label across # and wallet, its value (code font) across the other columns.
    const valueWidth = (widths[2] ?? 0) + (widths[3] ?? 0) + (widths[4] ?? 0);
    for (const f of evidence.fields) {
      const lines = f.lines.reduce((n, line) => n + linesIn(line, valueWidth), 0);
      const row = add([f.label, null, f.lines.join("\n")], LINE * lines, [
        LABEL_STYLE,
        LABEL_STYLE,
        CODE_STYLE,
      ]);
      ws.mergeCells(row.number, 1, row.number, 2);
      ws.mergeCells(row.number, 3, row.number, COLUMNS);
      row.commit();
    }
    across(evidence.statement, WRAP_STYLE, LINE * linesIn(evidence.statement, width));
    // A row for the QR code, inside the printed area: the picture itself is added afterwards.
    qrRow = add([], QR_ROW_POINTS).number - 1;
    ws.getRow(qrRow + 1).commit();
  }
  ws.pageSetup.printArea = `A1:E${last}`;
  ws.commit();
  return { name, lastRow: last, ...(qrRow === undefined ? {} : { qrRow }) };
}
