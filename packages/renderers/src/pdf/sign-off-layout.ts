import type { ReportSignOff } from "@svc/report-model";
import {
  approvalTitle,
  SIGN_OFF_WORDS,
  type SignOffBlock,
  signOffBlock,
} from "../sign-off/sign-off-block.js";
import type { Item, Lines } from "./layout.js";
import type { Measurer } from "./measure.js";
import { CONTENT_WIDTH, PAGE } from "./theme.js";

/**
 * The sign-off form laid out as items of exact height (see `planSignOff`): the statement, the
 * disposition table (a header, then one row per wallet to decide, each tall enough to write the
 * reasons in) and the approval table (name and role, signature and date left blank, rows tall
 * enough to sign in). `signOffGroups` says what is kept together on one page.
 */

/** The form's type (points): labels and options in the sans face, addresses in the monospace. */
export const SIGN_OFF_TYPE = Object.freeze({
  statement: { size: 8.5, line: 11.5 },
  head: { size: 7, line: 9 },
  cell: { size: 7, line: 9 },
  mono: { size: 6.5, line: 8.5 },
});

/** Inner padding of a cell, the side of a tick box and the gap after it (points). */
export const SIGN_OFF_BOX = Object.freeze({
  padX: 4,
  padY: 2.5,
  headPadY: 2,
  tick: 6,
  tickGap: 3,
  optionGap: 1,
  /** Room to write the reasons in: a row is at least this tall. */
  rowMin: 24,
  /** Room to sign in: an approval row's height. */
  approvalRow: 26,
});

/** Column widths of the disposition table: #, wallet, finding, disposition, reasons (the rest). */
const DISPOSITION_WIDTHS = [20, 184, 112, 100] as const;
export const DISPOSITION_COLUMNS: readonly number[] = [
  ...DISPOSITION_WIDTHS,
  CONTENT_WIDTH - DISPOSITION_WIDTHS.reduce((a, b) => a + b, 0),
];
/** …and of the approval table: approval, name and role, signature, date (the rest). */
const APPROVAL_WIDTHS = [150, 150, 130] as const;
export const APPROVAL_COLUMNS: readonly number[] = [
  ...APPROVAL_WIDTHS,
  CONTENT_WIDTH - APPROVAL_WIDTHS.reduce((a, b) => a + b, 0),
];

export const DISPOSITION_HEADS = [
  SIGN_OFF_WORDS.position,
  SIGN_OFF_WORDS.wallet,
  SIGN_OFF_WORDS.finding,
  SIGN_OFF_WORDS.disposition,
  SIGN_OFF_WORDS.reasons,
] as const;
export const APPROVAL_HEADS = [
  SIGN_OFF_WORDS.approval,
  SIGN_OFF_WORDS.nameAndRole,
  SIGN_OFF_WORDS.signature,
  SIGN_OFF_WORDS.date,
] as const;

export interface SignOffRowCells {
  readonly position: Lines;
  /** The address in monospace lines, or the overall row's words (sans). */
  readonly wallet: Lines;
  readonly walletMono: boolean;
  readonly finding: Lines;
  readonly party: Lines | null;
  readonly options: readonly Lines[];
}

export type SignOffItem =
  | {
      readonly kind: "signoff";
      readonly part: "statement";
      readonly text: Lines;
      readonly height: number;
    }
  | {
      readonly kind: "signoff";
      readonly part: "head";
      readonly heads: readonly string[];
      readonly widths: readonly number[];
      readonly height: number;
    }
  | {
      readonly kind: "signoff";
      readonly part: "row";
      readonly cells: SignOffRowCells;
      readonly height: number;
    }
  | {
      readonly kind: "signoff";
      readonly part: "approval";
      readonly title: Lines;
      readonly height: number;
    };

export const HEAD_HEIGHT = SIGN_OFF_TYPE.head.line + 2 * SIGN_OFF_BOX.headPadY;
/** Space under the statement. */
const STATEMENT_GAP = 4;
/** Space between the disposition table and the approval table. */
const TABLE_GAP = 5;

type LinesOf = (s: string, width: number, size: number, bold?: boolean) => Lines;

const inner = (width: number): number => width - 2 * SIGN_OFF_BOX.padX;

export interface SignOffPlan {
  readonly block: SignOffBlock;
  /** The statement and the disposition table's header. */
  readonly lead: readonly SignOffItem[];
  readonly rows: readonly SignOffItem[];
  /** The approval table (with the gap above it). */
  readonly approvals: readonly SignOffItem[];
}

/** Lays out the form: every line broken here, so every height is exact. */
export function planSignOff(
  signOff: ReportSignOff,
  measurer: Measurer,
  lines: LinesOf,
  text: (s: string) => string,
): SignOffPlan {
  const block = signOffBlock(signOff);
  const [wPos, wWallet, wFinding, wDisposition] = DISPOSITION_COLUMNS as [
    number,
    number,
    number,
    number,
  ];
  const { cell, mono } = SIGN_OFF_TYPE;
  const statement = lines(block.statement, CONTENT_WIDTH, SIGN_OFF_TYPE.statement.size);
  const lead: SignOffItem[] = [
    {
      kind: "signoff",
      part: "statement",
      text: statement,
      height: statement.lines.length * SIGN_OFF_TYPE.statement.line + STATEMENT_GAP,
    },
    {
      kind: "signoff",
      part: "head",
      heads: DISPOSITION_HEADS,
      widths: DISPOSITION_COLUMNS,
      height: HEAD_HEIGHT,
    },
  ];
  const optionWidth = inner(wDisposition) - SIGN_OFF_BOX.tick - SIGN_OFF_BOX.tickGap;
  const rows = block.rows.map((row): SignOffItem => {
    const wallet: Lines =
      row.address === null
        ? lines(SIGN_OFF_WORDS.everyWallet, inner(wWallet), cell.size)
        : {
            lines: measurer.wrapMono(text(row.address), inner(wWallet), mono.size),
            fallback: false,
          };
    const cells: SignOffRowCells = {
      position: lines(row.position, inner(wPos), cell.size),
      wallet,
      walletMono: row.address !== null,
      finding: lines(row.finding, inner(wFinding), cell.size, true),
      party: row.party === null ? null : lines(row.party, inner(wFinding), cell.size),
      options: row.options.map((o) => lines(o, optionWidth, cell.size)),
    };
    const tallest = Math.max(
      cells.wallet.lines.length * (cells.walletMono ? mono.line : cell.line),
      (cells.finding.lines.length + (cells.party?.lines.length ?? 0)) * cell.line,
      cells.options.reduce((h, o) => h + o.lines.length * cell.line, 0) +
        (cells.options.length - 1) * SIGN_OFF_BOX.optionGap,
    );
    return {
      kind: "signoff",
      part: "row",
      cells,
      height: Math.max(SIGN_OFF_BOX.rowMin, tallest + 2 * SIGN_OFF_BOX.padY),
    };
  });
  const approvals: SignOffItem[] = [
    {
      kind: "signoff",
      part: "head",
      heads: APPROVAL_HEADS,
      widths: APPROVAL_COLUMNS,
      height: HEAD_HEIGHT + TABLE_GAP,
    },
    ...block.approvals.map((a): SignOffItem => {
      const title = lines(approvalTitle(a), inner(APPROVAL_COLUMNS[0] as number), cell.size, true);
      return {
        kind: "signoff",
        part: "approval",
        title,
        height: Math.max(
          SIGN_OFF_BOX.approvalRow,
          title.lines.length * cell.line + 2 * SIGN_OFF_BOX.padY,
        ),
      };
    }),
  ];
  return { block, lead, rows, approvals };
}

/** The gap a head item carries above it (the approval table's), drawn as space. */
export const headGap = (item: Extract<SignOffItem, { part: "head" }>): number =>
  item.height - HEAD_HEIGHT;

/** The height a page gives its content (pages 2+). */
const PAGE_ROOM = PAGE.contentBottom - PAGE.contentTop - 2;

const heightOf = (items: readonly Item[]): number => items.reduce((h, i) => h + i.height, 0);

/**
 * What is kept together on one page, in order: the whole form with the heading before it and
 * what follows it (the attestation's evidence) when they fit on a page, as they do for a
 * memo's ten or so findings; else the heading, statement, header and first row, each further
 * row on its own (a row never splits), and the approval table with what follows it, so the
 * lines to sign stay on the page of the evidence.
 */
export function signOffGroups(
  heading: Item,
  plan: SignOffPlan,
  after: readonly Item[],
): readonly (readonly Item[])[] {
  const whole = [heading, ...plan.lead, ...plan.rows, ...plan.approvals, ...after];
  if (heightOf(whole) <= PAGE_ROOM) return [whole];
  const [first, ...rest] = plan.rows;
  return [
    [heading, ...plan.lead, ...(first === undefined ? [] : [first])],
    ...rest.map((row) => [row]),
    [...plan.approvals, ...after],
  ];
}
