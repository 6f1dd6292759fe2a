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
  rowMin: 25,
  /** Between a row's address line and its finding and boxes. */
  tierGap: 1.5,
  /** Room to sign in: an approval row's height. */
  approvalRow: 26,
});

/**
 * Column widths of the disposition table: the wallet, its finding and the boxes to tick (the
 * address on the row's first line, whole: a Monero address's 95 characters fit), then the
 * reasons (the rest), as tall as the row.
 */
const WALLET_WIDTH = 390;
export const DISPOSITION_COLUMNS: readonly number[] = [WALLET_WIDTH, CONTENT_WIDTH - WALLET_WIDTH];
/** Within the wallet cell's second line: the finding and party, then the boxes. */
export const FINDING_WIDTH = 200;
/** …and of the approval table: approval, name and role, signature, date (the rest). */
const APPROVAL_WIDTHS = [150, 150, 130] as const;
export const APPROVAL_COLUMNS: readonly number[] = [
  ...APPROVAL_WIDTHS,
  CONTENT_WIDTH - APPROVAL_WIDTHS.reduce((a, b) => a + b, 0),
];

const DISPOSITION_HEADS = [
  `${SIGN_OFF_WORDS.wallet}, ${SIGN_OFF_WORDS.finding.toLowerCase()} and ${SIGN_OFF_WORDS.disposition.toLowerCase()}`,
  SIGN_OFF_WORDS.reasons,
] as const;
const APPROVAL_HEADS = [
  SIGN_OFF_WORDS.approval,
  SIGN_OFF_WORDS.nameAndRole,
  SIGN_OFF_WORDS.signature,
  SIGN_OFF_WORDS.date,
] as const;

/** Sizes an address may be set at to stay whole on its line, largest first (points). */
const MONO_SIZES = [6.5, 6, 5.5, 5] as const;

interface SignOffRowCells {
  /** "#3 <address>" in the monospace face, whole on one line at `monoSize`; or the overall row's words. */
  readonly wallet: Lines;
  readonly walletMono: boolean;
  readonly monoSize: number;
  /** "Match · Lazarus Group", bold. */
  readonly finding: Lines;
  readonly options: readonly Lines[];
  /** The options side by side on one line, or each under the one before. */
  readonly inline: boolean;
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
/** Space after an option set side by side. */
export const OPTION_SPACE = 12;
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
  const walletInner = inner(WALLET_WIDTH);
  const optionsWidth = walletInner - FINDING_WIDTH;
  const rows = block.rows.map((row): SignOffItem => {
    let wallet: Lines;
    let monoSize: number = mono.size;
    if (row.address === null) {
      wallet = lines(SIGN_OFF_WORDS.everyWallet, walletInner, cell.size, true);
    } else {
      const line = text([row.position, row.address].filter((t) => t !== "").join(" "));
      // The largest size that keeps it whole; an address longer than any (the schema allows
      // 200 characters) is broken at the smallest.
      monoSize =
        MONO_SIZES.find((size) => measurer.wrapMono(line, walletInner, size).length === 1) ??
        (MONO_SIZES.at(-1) as number);
      wallet = { lines: measurer.wrapMono(line, walletInner, monoSize), fallback: false };
    }
    const finding = lines(
      row.party === null ? row.finding : `${row.finding} · ${row.party}`,
      FINDING_WIDTH - SIGN_OFF_BOX.padX,
      cell.size,
      true,
    );
    const boxes = SIGN_OFF_BOX.tick + SIGN_OFF_BOX.tickGap;
    const sideBySide =
      row.options.reduce(
        (w, o) => w + boxes + measurer.width(text(o), cell.size) + OPTION_SPACE,
        0,
      ) <=
      optionsWidth * 0.96;
    const options = row.options.map((o) =>
      sideBySide ? lines(o, optionsWidth, cell.size) : lines(o, optionsWidth - boxes, cell.size),
    );
    const optionsHeight = sideBySide
      ? cell.line
      : options.reduce((h, o) => h + o.lines.length * cell.line, 0) +
        (options.length - 1) * SIGN_OFF_BOX.optionGap;
    const cells: SignOffRowCells = {
      wallet,
      walletMono: row.address !== null,
      monoSize,
      finding,
      options,
      inline: sideBySide,
    };
    const first = wallet.lines.length * (row.address === null ? cell.line : mono.line);
    const second = Math.max(finding.lines.length * cell.line, optionsHeight);
    return {
      kind: "signoff",
      part: "row",
      cells,
      height: Math.max(
        SIGN_OFF_BOX.rowMin,
        first + SIGN_OFF_BOX.tierGap + second + 2 * SIGN_OFF_BOX.padY,
      ),
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

/** Items kept together on one page, and what leads them when they open a new page. */
export interface SignOffGroup {
  readonly items: readonly Item[];
  /** Printed first when the group starts a page of its own (the table's header, repeated). */
  readonly onNewPage: readonly Item[];
}

/**
 * What is kept together on one page, in order: the whole form with the heading before it and
 * what follows it (the attestation's evidence) when they fit on a page, as they do for a
 * memo's ten or so findings; else the heading, statement, header and first row, each further
 * row on its own (a row never splits; the header repeated atop a new page), and the approval
 * table with what follows it, so the lines to sign stay on the page of the evidence.
 */
export function signOffGroups(
  heading: Item,
  plan: SignOffPlan,
  after: readonly Item[],
): readonly SignOffGroup[] {
  const whole = [heading, ...plan.lead, ...plan.rows, ...plan.approvals, ...after];
  if (heightOf(whole) <= PAGE_ROOM) return [{ items: whole, onNewPage: [] }];
  const [first, ...rest] = plan.rows;
  const header = plan.lead.filter((item) => item.part === "head");
  return [
    { items: [heading, ...plan.lead, ...(first === undefined ? [] : [first])], onNewPage: [] },
    ...rest.map((row) => ({ items: [row], onNewPage: header })),
    { items: [...plan.approvals, ...after], onNewPage: [] },
  ];
}
