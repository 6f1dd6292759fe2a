import type { ReportAttestation } from "@svc/report-model";
import {
  BorderStyle,
  type FileChild,
  HeadingLevel,
  ImageRun,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { evidenceBlock } from "../evidence/evidence-block.js";
import { qrPng } from "../evidence/qr-code.js";
import { asHeading } from "./body.js";
import { MONO_FONT, PAGE } from "./styles.js";

/** The QR code's side: 1.3 in (96 px at 96 dpi in docx's units, drawn from 8 px modules). */
const QR_PX = 125;
const QR_TWIPS = QR_PX * 15;
const NONE = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" } as const;
const NO_BORDERS = { top: NONE, bottom: NONE, left: NONE, right: NONE } as const;
const MONO = { ascii: MONO_FONT, hAnsi: MONO_FONT, eastAsia: MONO_FONT, cs: MONO_FONT } as const;
const MUTED = "595959";

/**
 * A label (small, muted) and its value lines in the code font, kept with what follows unless
 * `keepNext` is false (the table's last row: LibreOffice would keep the whole table with the
 * next paragraph, and that with what follows it).
 */
function field(label: string, lines: readonly string[], keepNext = true): Paragraph[] {
  return [
    new Paragraph({
      keepNext,
      spacing: { before: 40, after: 0 },
      children: [new TextRun({ text: label, size: 14, color: MUTED })],
    }),
    ...lines.map(
      (line) =>
        new Paragraph({
          keepNext,
          keepLines: true,
          spacing: { before: 0, after: 0 },
          children: [new TextRun({ text: line, font: MONO, size: 15 })],
        }),
    ),
  ];
}

/**
 * The evidence block of a DOCX: heading, the QR code of the verification URL beside the
 * fingerprint, kid, screening instant and edition (code font), the URL across the page, and
 * where the JWS travels (a package part, see `withAttestationPart`). One unsplittable table row
 * and paragraphs kept with the next, so the block stays on one page.
 */
export async function evidenceChildren(attestation: ReportAttestation): Promise<FileChild[]> {
  const block = evidenceBlock(attestation, "docx");
  const png = await qrPng(block.url);
  const url = block.fields.filter((f) => f.lines[0] === block.url);
  const beside = block.fields.filter((f) => f.lines[0] !== block.url);
  const width = PAGE.width - 2 * PAGE.margin;
  const table = new Table({
    width: { size: width, type: WidthType.DXA },
    columnWidths: [QR_TWIPS + 200, width - QR_TWIPS - 200],
    borders: { ...NO_BORDERS, insideHorizontal: NONE, insideVertical: NONE },
    rows: [
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            borders: NO_BORDERS,
            width: { size: QR_TWIPS + 200, type: WidthType.DXA },
            children: [
              new Paragraph({
                keepNext: true,
                children: [
                  new ImageRun({
                    type: "png",
                    data: png,
                    transformation: { width: QR_PX, height: QR_PX },
                    altText: {
                      name: "QR code",
                      title: "Verification URL",
                      description: `QR code of the verification URL ${block.url}`,
                    },
                  }),
                ],
              }),
            ],
          }),
          new TableCell({
            borders: NO_BORDERS,
            children: beside.flatMap((f) => field(f.label, f.lines)),
          }),
        ],
      }),
      // The URL across the page and the statement, in the same table: LibreOffice keeps no
      // paragraph after a table with it, so a block of paragraphs after the QR code's row could
      // land on the next page.
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            borders: NO_BORDERS,
            columnSpan: 2,
            // The whole width for the URL, which is one line across the page.
            margins: { left: 0, right: 0 },
            children: [
              ...url.flatMap((f) => field(f.label, f.lines, false)),
              new Paragraph({
                keepLines: true,
                spacing: { before: 120 },
                children: [new TextRun({ text: block.statement, size: 16 })],
              }),
            ],
          }),
        ],
      }),
    ],
  });
  return [
    asHeading(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        keepNext: true,
        children: [new TextRun(block.heading)],
      }),
    ),
    table,
  ];
}
