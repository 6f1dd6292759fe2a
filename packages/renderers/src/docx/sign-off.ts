import type { ReportSignOff } from "@svc/report-model";
import {
  type FileChild,
  HeadingLevel,
  HeightRule,
  LineRuleType,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import {
  approvalTitle,
  SIGN_OFF_WORDS,
  type SignOffRowText,
  signOffBlock,
} from "../sign-off/sign-off-block.js";
import { asHeading } from "./body.js";
import { HEADER_SHADING, PORTRAIT_TEXT_WIDTH, STYLE, TABLE_BORDERS } from "./styles.js";

/**
 * The sign-off form in a DOCX: heading, statement, the disposition table (a row per wallet to
 * decide, its boxes empty, tall enough to write the reasons in) and the approval table (name
 * and role, signature and date left blank). Every row is unsplittable and every paragraph kept
 * with the next, so the form stays on one page with the attestation's evidence after it; a form
 * too long for a page (`KEEP_ROWS`) lets its rows run over pages, the approval table still kept
 * with the evidence.
 */

/** More rows than a page holds with the evidence: they may run over pages. */
export const KEEP_ROWS = 12;
/** An empty box to tick. */
const TICK = "\u2610";
/** Room to write in (twips): a disposition row and an approval row are at least this tall. */
const ROW_ROOM = 380;
const APPROVAL_ROOM = 420;
const CELL_MARGINS = Object.freeze({ top: 20, bottom: 20, left: 80, right: 80 });
/** The form's text (half-points): 7.5 pt, addresses 6.5 pt in the code font. */
const TEXT_SIZE = 15;
const CODE_SIZE = 13;
const MONO = { ascii: "Consolas", hAnsi: "Consolas", eastAsia: "Consolas", cs: "Consolas" };
/**
 * Twips: the wallet (its address whole on the first line: a Monero address's 95 characters
 * fit), its finding and the boxes; the reasons (the rest of the text width).
 */
const DISPOSITION_WIDTHS = [7_800];
const APPROVAL_WIDTHS = [3_000, 2_800, 2_400];

const widthsOf = (fixed: readonly number[]): number[] => [
  ...fixed,
  PORTRAIT_TEXT_WIDTH - fixed.reduce((a, b) => a + b, 0),
];

/** A line of the form: 9 pt exactly (the table text's 11.5 pt is for its 9 pt type). */
const LINE = { before: 0, after: 0, line: 180, lineRule: LineRuleType.EXACT } as const;

const para = (keepNext: boolean, children: TextRun[]): Paragraph =>
  new Paragraph({ style: STYLE.tableText, spacing: LINE, keepNext, keepLines: true, children });

const run = (text: string, bold = false): TextRun =>
  new TextRun({ text, size: TEXT_SIZE, ...(bold ? { bold: true } : {}) });

function cell(width: number, children: Paragraph[], shaded = false): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: CELL_MARGINS,
    ...(shaded ? { shading: HEADER_SHADING } : {}),
    children: children.length === 0 ? [para(false, [])] : children,
  });
}

function table(
  widths: readonly number[],
  heads: readonly string[],
  rows: readonly (readonly Paragraph[][])[],
  room: number,
): Table {
  return new Table({
    columnWidths: [...widths],
    width: { size: PORTRAIT_TEXT_WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    borders: TABLE_BORDERS,
    rows: [
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: heads.map((h, i) =>
          cell(widths[i] as number, [para(true, [run(h, true)])], true),
        ),
      }),
      ...rows.map(
        (cells) =>
          new TableRow({
            cantSplit: true,
            height: { value: room, rule: HeightRule.ATLEAST },
            children: cells.map((children, i) => cell(widths[i] as number, children)),
          }),
      ),
    ],
  });
}

/** Sizes (half-points) an address may be set at to stay whole on its line, largest first. */
/** Where the boxes start after the finding (twips from the cell's text edge). */
const FINDING_TAB = 3_200;
const CODE_SIZES = [CODE_SIZE, 12, 11, 10] as const;

/**
 * "#3 <address>" in the code font, at the largest size that keeps it on one line of the wallet
 * cell (a monospace advance is about 0.61 em in the faces Word and LibreOffice use for it).
 */
function addressRun(line: string): TextRun {
  const inner = ((DISPOSITION_WIDTHS[0] as number) - 2 * CELL_MARGINS.left) / 20;
  const size =
    CODE_SIZES.find((hp) => Array.from(line).length * 0.61 * (hp / 2) <= inner * 0.95) ??
    (CODE_SIZES.at(-1) as number);
  return new TextRun({ text: line, font: MONO, size });
}

function dispositionCells(row: SignOffRowText, keep: boolean): Paragraph[][] {
  const wallet = [row.position, row.address].filter((t): t is string => t !== null && t !== "");
  const finding = row.party === null ? row.finding : `${row.finding} \u00b7 ${row.party}`;
  return [
    [
      para(keep, [
        row.address === null ? run(SIGN_OFF_WORDS.everyWallet, true) : addressRun(wallet.join(" ")),
      ]),
      // The finding, then the boxes after a tab stop: side by side, wrapped when they must.
      new Paragraph({
        style: STYLE.tableText,
        spacing: LINE,
        keepNext: keep,
        keepLines: true,
        tabStops: [{ type: TabStopType.LEFT, position: FINDING_TAB }],
        children: [run(finding, true), ...row.options.map((o) => run(`\t${TICK} ${o}`))],
      }),
    ],
    [para(keep, [])],
  ];
}

/** The form's paragraphs and tables; the last of them kept with what follows (the evidence). */
export function signOffChildren(signOff: ReportSignOff): FileChild[] {
  const block = signOffBlock(signOff);
  const keep = block.rows.length <= KEEP_ROWS;
  const dispositions = table(
    widthsOf(DISPOSITION_WIDTHS),
    [
      `${SIGN_OFF_WORDS.wallet}, ${SIGN_OFF_WORDS.finding.toLowerCase()} and ${SIGN_OFF_WORDS.disposition.toLowerCase()}`,
      SIGN_OFF_WORDS.reasons,
    ],
    block.rows.map((row) => dispositionCells(row, keep)),
    ROW_ROOM,
  );
  const approvals = table(
    widthsOf(APPROVAL_WIDTHS),
    [
      SIGN_OFF_WORDS.approval,
      SIGN_OFF_WORDS.nameAndRole,
      SIGN_OFF_WORDS.signature,
      SIGN_OFF_WORDS.date,
    ],
    block.approvals.map((a) => [
      [para(true, [run(approvalTitle(a), true)])],
      [para(true, [])],
      [para(true, [])],
      [para(true, [])],
    ]),
    APPROVAL_ROOM,
  );
  return [
    asHeading(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        keepNext: true,
        // Less space above than a part's heading: the form and the evidence share one page.
        spacing: { before: 120 },
        children: [new TextRun(block.heading)],
      }),
    ),
    new Paragraph({ keepNext: true, keepLines: true, children: [run(block.statement)] }),
    dispositions,
    new Paragraph({ style: STYLE.spacer, keepNext: true }),
    approvals,
    new Paragraph({ style: STYLE.spacer, keepNext: true }),
  ];
}
