import {
  formatMetric,
  labelOfKey,
  type Report,
  type ReportChart,
  type ReportMetric,
  type ReportTable,
} from "@svc/report-model";
import { EVIDENCE_HEADING } from "../evidence/evidence-block.js";
import { type ProvenanceText, provenanceText } from "../provenance/provenance-text.js";
import { SIGN_OFF_HEADING } from "../sign-off/sign-off-block.js";
import { type EvidenceItem, planEvidence } from "./evidence-layout.js";
import { FILL, type Measurer } from "./measure.js";
import { planSignOff, type SignOffItem, signOffGroups } from "./sign-off-layout.js";
import { buildTableModel, fieldColumnWidth, type TableModel } from "./table-model.js";
import { CONTENT_WIDTH, LIST_WARNING_BOX, PAGE, SPACING, TYPE } from "./theme.js";
import { monoSpan } from "./whole-tokens.js";

/**
 * Text already broken into lines, and whether it needs the fallback font stack. Each line is
 * drawn as its own single-line `<Text>`: react-pdf gives a "\n" inside a text a run in its
 * built-in Helvetica (no embedded font has a glyph for it), which would put an unembedded
 * Helvetica into the file.
 */
export interface Lines {
  readonly lines: readonly string[];
  readonly fallback: boolean;
  /**
   * Per line, a smaller type size for a line holding a value kept whole (an address) that is
   * wider than the text's width at its own size; null (or absent) where the line is set as is.
   */
  readonly sizes?: readonly (number | null)[];
  /**
   * Whether the text holds addresses or digests (`monoSpan`): they are set in the monospace face
   * (regular weight), as in tables, and were measured so.
   */
  readonly mono?: boolean;
}

interface MetricCard {
  readonly label: Lines;
  readonly value: Lines;
  readonly small: boolean;
  readonly unit: Lines | null;
}

export type Item =
  | { readonly kind: "heading"; readonly text: Lines; readonly height: number }
  | { readonly kind: "paragraph"; readonly text: Lines; readonly height: number }
  | {
      readonly kind: "bullet";
      readonly text: Lines;
      readonly height: number;
      /** The rest of a bullet split across pages: no second bullet mark. */
      readonly continued?: boolean;
    }
  | {
      readonly kind: "metrics";
      readonly cards: readonly MetricCard[];
      readonly cardWidth: number;
      readonly cardHeight: number;
      readonly height: number;
    }
  | {
      readonly kind: "charts";
      readonly charts: readonly { readonly chart: ReportChart; readonly index: number }[];
      readonly width: number;
      readonly chartHeight: number;
      readonly height: number;
    }
  | {
      readonly kind: "table";
      readonly table: TableModel;
      readonly start: number;
      readonly end: number;
      readonly continued: boolean;
      readonly height: number;
    }
  | EvidenceItem
  | SignOffItem;

export interface TitleBlock {
  readonly label: Lines | null;
  readonly title: Lines;
  readonly subtitle: Lines | null;
  readonly bandHeight: number;
  /**
   * The boxes under the band, in order: a mismatching attestation, the provenance notice, the
   * list warning (`meta.listWarning`) and when the screening happened (see `TitleBox`).
   */
  readonly boxes: readonly TitleBox[];
  readonly meta: readonly { readonly label: string; readonly value: Lines }[];
  readonly metaTop: number;
  readonly metaHeight: number;
  readonly metaWidth: number;
}

/**
 * A boxed line of page 1 under the title band: `warning` is red (a mismatching attestation, a
 * list warning), `notice` amber (content the service did not verify), `plain` grey (what was
 * verified, when it was screened).
 */
interface TitleBox {
  readonly text: Lines;
  readonly tone: "warning" | "notice" | "plain";
  readonly top: number;
  readonly height: number;
}

/** The provenance line of every page's footer (`ProvenanceText.everyPage`), sized to fit. */
interface FooterNote {
  readonly text: string;
  readonly size: number;
  readonly tone: "notice" | "plain";
  /** Whether it holds a digest (an attestation's fingerprint), set in the monospace face. */
  readonly mono: boolean;
}

/** An item and its offset from the top of the page's content box. */
interface Placed {
  readonly y: number;
  readonly item: Item;
}

export interface PagePlan {
  readonly items: readonly Placed[];
  /** y of the content box's top edge on this page. */
  readonly top: number;
}

export interface DocumentPlan {
  readonly titleBlock: TitleBlock;
  readonly pages: readonly PagePlan[];
  /** The running header's title, on one line or two (see `runningHeader`). */
  readonly runningTitle: readonly string[];
  readonly runningTitleFallback: boolean;
  /** Its right-hand side, the report type and the date, whole: one line, or one each. */
  readonly runningRight: readonly string[];
  /** The provenance line on every page, or null (no provenance: a library call). */
  readonly footerNote: FooterNote | null;
}

/** Between the report type and the date on the right of the running header. */
const RUNNING_SEPARATOR = "  ·  ";
const CHART_HEIGHT_PAIR = 190;
const CHART_HEIGHT_SINGLE = 230;
/**
 * Scenes are laid out this much larger than drawn and scaled down (viewBox): the chart layout's
 * type sizes are meant for screens, and a little smaller suits an A4 page.
 */
export const CHART_SCALE = 1.3;

/** The drawn size of each chart: two per row when there are several, else full width. */
export function chartBox(count: number): { readonly width: number; readonly height: number } {
  return count > 1
    ? { width: (CONTENT_WIDTH - SPACING.chartGap) / 2, height: CHART_HEIGHT_PAIR }
    : { width: CONTENT_WIDTH, height: CHART_HEIGHT_SINGLE };
}
/** Rows of a table that must fit below its title and header, or the table starts a new page. */
const MIN_TABLE_ROWS = 3;
/** Points of slack kept at the bottom of every page, against rounding. */
const SLACK = 2;

/**
 * The whole document as pages of measured items. Every height is exact (explicit line breaks,
 * fixed line heights), so the pages are filled by hand and react-pdf never has to paginate.
 */
export function planDocument(
  report: Report,
  measurer: Measurer,
  text: (s: string) => string,
): DocumentPlan {
  const m = measurer;
  const lines = (s: string, width: number, size: number, bold = false): Lines => {
    const clean = text(s);
    // Addresses and digests in the text are set in the monospace face (`Lines.mono`).
    const mono = clean.length >= 12 && clean.split(/[ \n]+/).some((w) => monoSpan(w) !== null);
    const l = m.wrap(clean, width, size, bold, mono);
    const fallback = m.needsFallback(clean, bold);
    let sizes: (number | null)[] | null = null;
    l.forEach((line, i) => {
      const w = m.width(line, size, bold, mono);
      if (w <= width * FILL) return;
      sizes ??= l.map(() => null);
      sizes[i] = (size * width * FILL) / w;
    });
    const set = mono ? { lines: l, fallback, mono } : { lines: l, fallback };
    return sizes === null ? set : { ...set, sizes };
  };

  const said = provenanceText(report.meta);
  const titleBlock = planTitle(report, said, lines);
  const flow = new Flow(titleBlock.metaTop + titleBlock.metaHeight + SPACING.afterMeta);
  const heading = (s: string): Item => {
    const t = lines(s, CONTENT_WIDTH, TYPE.h1.size, true);
    return {
      kind: "heading",
      text: t,
      height: t.lines.length * TYPE.h1.line + SPACING.afterHeading,
    };
  };
  const paragraphs = (items: readonly string[], kind: "paragraph" | "bullet"): Item[] => {
    const width = kind === "bullet" ? CONTENT_WIDTH - SPACING.bulletIndent : CONTENT_WIDTH;
    const gap = kind === "bullet" ? SPACING.afterParagraph - 2 : SPACING.afterParagraph;
    return items.map((p) => {
      const t = lines(p, width, TYPE.body.size);
      return { kind, text: t, height: t.lines.length * TYPE.body.line + gap };
    });
  };

  if (report.summary.length > 0) {
    flow.section(heading("Executive summary"), paragraphs(report.summary, "paragraph"));
  }
  if (report.metrics.length > 0) {
    flow.section(
      heading("Headline metrics"),
      metricRows(report.metrics, lines, (w, size) => m.width(text(w), size, true)),
    );
  }
  if (report.charts.length > 0) {
    const rows: Item[] = [];
    const pair = report.charts.length > 1;
    const { width, height: chartHeight } = chartBox(report.charts.length);
    for (let i = 0; i < report.charts.length; i += pair ? 2 : 1) {
      const charts = report.charts
        .slice(i, i + (pair ? 2 : 1))
        .map((chart, k) => ({ chart, index: i + k }));
      rows.push({
        kind: "charts",
        charts,
        width,
        chartHeight,
        height: chartHeight + SPACING.chartGap,
      });
    }
    flow.section(heading(report.charts.length > 1 ? "Charts" : "Chart"), rows);
  }
  const maxRow = PAGE.contentBottom - PAGE.contentTop - 80;
  const fieldWidth = fieldColumnWidth(
    [
      ...report.sections.flatMap((s) => (s.table === null ? [] : [s.table])),
      ...report.tables,
      ...report.workbook,
    ],
    m,
    text,
  );
  const tableItems = (t: ReportTable) => buildTableModel(t, m, text, maxRow, { fieldWidth });
  for (const section of report.sections) {
    const body: Item[] = [
      ...paragraphs(section.paragraphs, "paragraph"),
      ...paragraphs(section.bullets, "bullet"),
    ];
    const h = section.heading === null ? null : heading(section.heading);
    const table = section.table === null ? null : tableItems(section.table);
    const model = table === null || h === null ? table : { ...table, titleLevel: 3 as const };
    if (h !== null || body.length > 0) flow.section(h, body, model);
    if (model !== null) flow.table(model);
  }
  for (const t of report.tables) flow.table(tableItems(t));
  // The attestation's evidence in place of its JWS (which the file carries as an attachment),
  // kept whole on one page with its heading.
  const evidencePlan =
    report.attestation === undefined || report.attestation === null
      ? null
      : planEvidence(report.attestation, m, (s, width, size) => m.wrap(text(s), width, size));
  const signOff = report.signOff ?? null;
  if (signOff !== null) {
    // After the report's parts, before the appendix: the form, on one page with the evidence.
    const evidence: Item[] = evidencePlan === null ? [] : [heading(EVIDENCE_HEADING), evidencePlan];
    const plan = planSignOff(signOff, m, lines, text);
    const groups = signOffGroups(heading(SIGN_OFF_HEADING), plan, evidence);
    for (const group of groups) {
      // Rows follow one another without a gap; the space comes after the whole block.
      flow.together(group.items, group.onNewPage, group === groups.at(-1) ? SPACING.afterBlock : 0);
    }
  }
  // Each sheet of the workbook is an appendix of its own, lettered ("Appendix A — Screening
  // export"): its heading names it, so the table prints no title of its own under it (its
  // later pages say "Appendix A — Screening export (continued)").
  let appendices = 0;
  for (const t of report.workbook) {
    const name = appendixHeading(appendices++, t.title);
    const model = asAppendix(tableItems(t), text(name), m);
    flow.section(heading(name), [], model);
    flow.table(model);
  }
  if (signOff === null && evidencePlan !== null) {
    // Without a sign-off, last, where the appendix ends: the last appendix when there are others.
    const name =
      appendices === 0 ? EVIDENCE_HEADING : appendixHeading(appendices, EVIDENCE_HEADING);
    flow.section(heading(name), [evidencePlan]);
  }
  if (flow.isEmpty()) {
    flow.section(null, paragraphs(["This report has no content."], "paragraph"));
  }

  const runningTitle = text(report.meta.title);
  const right = [
    report.meta.reportType === null ? null : labelOfKey(report.meta.reportType),
    report.meta.date,
  ]
    .filter((s): s is string => s !== null && s !== "")
    .join(RUNNING_SEPARATOR);
  const running = runningHeader(runningTitle, text(right), m);
  return {
    titleBlock,
    pages: flow.pages(),
    runningTitle: running.title,
    runningTitleFallback: m.needsFallback(runningTitle),
    runningRight: running.right,
    footerNote: footerNote(report, said, m, text),
  };
}

/** "Appendix A — Screening export": the `index`th appendix (A…Z, then AA, AB…), lettered. */
export function appendixHeading(index: number, title: string): string {
  let letters = "";
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
  }
  return title === "" ? `Appendix ${letters}` : `Appendix ${letters} — ${title}`;
}

/** A table under its appendix heading: no title of its own, continued under the heading's name. */
function asAppendix(model: TableModel, name: string, m: Measurer): TableModel {
  const continuedTitle = m.wrap(`${name} (continued)`, CONTENT_WIDTH, TYPE.tableTitle.size);
  return {
    ...model,
    title: [],
    titleHeight: 0,
    continuedTitle,
    continuedHeight: continuedTitle.length * TYPE.tableTitle.line + SPACING.tableTitleGap,
  };
}

/** Room the footer keeps for "Page 10 of 12" beside the provenance line. */
const PAGE_NUMBER_WIDTH = 60;

/** The provenance line, at the running size or smaller so it stays on one line, never cut. */
function footerNote(
  report: Report,
  said: ProvenanceText,
  m: Measurer,
  text: (s: string) => string,
): FooterNote | null {
  if (said.everyPage === null) return null;
  const clean = text(said.everyPage);
  // An attestation's fingerprint in it is set (and measured) in the monospace face.
  const mono = clean.split(/[ \n]+/).some((w) => monoSpan(w) !== null);
  const width = m.width(clean, TYPE.running.size, true, mono);
  const room = (CONTENT_WIDTH - PAGE_NUMBER_WIDTH) * 0.98;
  return {
    text: clean,
    size: width <= room ? TYPE.running.size : (TYPE.running.size * room) / width,
    tone: report.meta.provenance?.kind === "verified" ? "plain" : "notice",
    mono,
  };
}

/** Most lines the running header's title takes (the header's box has room for two). */
const RUNNING_LINES = 2;
/** Space between the running header's title and its right-hand side. */
const RUNNING_GAP = 16;

/**
 * The running header of pages 2+: the report type and date on the right, always whole (on two
 * lines when together they would take more than half the width), and the title in the rest,
 * wrapped onto a second line when it needs one; only a title longer than two lines is cut
 * (with "…": the full title is on page 1).
 */
function runningHeader(
  title: string,
  right: string,
  m: Measurer,
): { readonly title: readonly string[]; readonly right: readonly string[] } {
  const size = TYPE.running.size;
  const width = (s: string) => m.width(s, size) / FILL;
  let rightLines = right === "" ? [] : [right];
  if (width(right) > CONTENT_WIDTH / 2) rightLines = right.split(RUNNING_SEPARATOR);
  const rightWidth = Math.max(0, ...rightLines.map(width));
  const room = CONTENT_WIDTH - rightWidth - (rightWidth > 0 ? RUNNING_GAP : 0);
  const oneLine = title.replace(/\s*\n\s*/g, " ");
  const lines = m.wrap(oneLine, room, size);
  if (lines.length <= RUNNING_LINES) return { title: lines, right: rightLines };
  const kept = lines.slice(0, RUNNING_LINES);
  const last = Array.from(`${kept[RUNNING_LINES - 1]} ${lines[RUNNING_LINES]}`);
  while (last.length > 0 && width(`${last.join("").trimEnd()}…`) > room) last.pop();
  kept[RUNNING_LINES - 1] = `${last.join("").trimEnd()}…`;
  return { title: kept, right: rightLines };
}

function planTitle(
  report: Report,
  said: ProvenanceText,
  lines: (s: string, width: number, size: number, bold?: boolean) => Lines,
): TitleBlock {
  const { meta } = report;
  const label =
    meta.reportType === null || meta.reportType === ""
      ? null
      : // The label is letter-spaced (styles.bandLabel), which measuring does not count.
        lines(
          labelOfKey(meta.reportType).toUpperCase(),
          CONTENT_WIDTH * 0.8,
          TYPE.bandLabel.size,
          true,
        );
  const title = lines(
    meta.title === "" ? "Report" : meta.title,
    CONTENT_WIDTH,
    TYPE.title.size,
    true,
  );
  const subtitle =
    meta.subtitle === null || meta.subtitle === ""
      ? null
      : lines(meta.subtitle, CONTENT_WIDTH, TYPE.subtitle.size);
  // Must match styles.band / bandLabel / bandSubtitle.
  const bandHeight =
    26 +
    (label === null ? 0 : label.lines.length * TYPE.bandLabel.line + 6) +
    title.lines.length * TYPE.title.line +
    (subtitle === null ? 0 : 5 + subtitle.lines.length * TYPE.subtitle.line) +
    18;
  // The boxes sit just under the band, ahead of the meta strip; they are page 1's flow (not
  // fixed elements), so everything below moves down by their height.
  const B = LIST_WARNING_BOX;
  const wanted: [string | null | undefined, TitleBox["tone"]][] = [
    [said.alert, "warning"],
    [said.everyPage, report.meta.provenance?.kind === "verified" ? "plain" : "notice"],
    [meta.listWarning, "warning"],
    [said.when, "plain"],
  ];
  const boxes: TitleBox[] = [];
  let top = bandHeight;
  for (const [value, tone] of wanted) {
    if (value === undefined || value === null || value === "") continue;
    const text = lines(value, CONTENT_WIDTH - 2 * (B.padX + B.border), TYPE.listWarning.size, true);
    const height = text.lines.length * TYPE.listWarning.line + 2 * (B.padY + B.border);
    boxes.push({ text, tone, top: top + (boxes.length === 0 ? B.gap : B.gap / 2), height });
    top = (boxes[boxes.length - 1] as TitleBox).top + height;
  }
  const pairs: [string, string | null][] = [
    [said.authorLabel, meta.author],
    ["Date", meta.date],
    ["Version", meta.version],
    ["Report type", meta.reportType === null ? null : labelOfKey(meta.reportType)],
  ];
  const present = pairs.filter((p): p is [string, string] => p[1] !== null && p[1] !== "");
  const metaWidth = CONTENT_WIDTH / Math.max(1, Math.min(4, present.length));
  const metaItems = present.map(([l, v]) => ({
    label: l,
    value: lines(v, metaWidth - 10, TYPE.metaValue.size),
  }));
  const valueLines = Math.max(0, ...metaItems.map((i) => i.value.lines.length));
  const metaHeight =
    metaItems.length === 0 ? 0 : TYPE.metaLabel.line + 2 + valueLines * TYPE.metaValue.line + 8.75;
  return {
    label,
    title,
    subtitle,
    bandHeight,
    boxes,
    meta: metaItems,
    metaTop: boxes.length === 0 ? bandHeight + 14 : top + B.gap,
    metaHeight,
    metaWidth,
  };
}

function metricRows(
  metrics: readonly ReportMetric[],
  lines: (s: string, width: number, size: number, bold?: boolean) => Lines,
  measureWord: (word: string, size: number) => number,
): Item[] {
  const perRow = Math.min(4, metrics.length);
  const cardWidth = (CONTENT_WIDTH - (perRow - 1) * SPACING.cardGap) / perRow;
  const inner = cardWidth - 2 * SPACING.cardPadX - 3.75; // left accent 3 + right border 0.75
  const rows: Item[] = [];
  for (let i = 0; i < metrics.length; i += perRow) {
    const cards = metrics.slice(i, i + perRow).map((metric): MetricCard => {
      const raw = formatMetric(metric);
      // The value on one line at its size if it can be; else smaller, broken only at spaces;
      // a single word wider than the card is set smaller still, never broken.
      let value = lines(raw, inner, TYPE.cardValue.size, true);
      let small = false;
      if (value.lines.length > 1 || value.sizes !== undefined) {
        small = true;
        const size = TYPE.cardValueSmall.size;
        const widest = Math.max(...raw.split(/\s+/).map((w) => measureWord(w, size)));
        const scale = Math.min(1, (inner * FILL) / Math.max(widest, 1));
        value = lines(raw, inner / scale, size, true);
        if (scale < 1) value = { ...value, sizes: value.lines.map(() => size * scale) };
      }
      return {
        label: lines(metric.label, inner, TYPE.cardLabel.size),
        value,
        small,
        // formatMetric says the unit with the value ("7.61%", "1,024 wallets").
        unit: null,
      };
    });
    const cardHeight = Math.max(
      ...cards.map(
        (c) =>
          2 * SPACING.cardPadY +
          1.5 +
          c.label.lines.length * TYPE.cardLabel.line +
          3 +
          c.value.lines.length * (c.small ? TYPE.cardValueSmall.line : TYPE.cardValue.line) +
          (c.unit === null ? 0 : 1 + c.unit.lines.length * TYPE.cardUnit.line),
      ),
    );
    rows.push({
      kind: "metrics",
      cards,
      cardWidth,
      cardHeight,
      height: cardHeight + SPACING.cardGap,
    });
  }
  return rows;
}

/** Fills pages top to bottom. */
class Flow {
  readonly #pages: { items: Placed[]; top: number }[] = [];
  #used = 0;
  #avail = 0;

  constructor(firstTop: number) {
    this.#open(firstTop);
  }

  #open(top: number): void {
    this.#pages.push({ items: [], top });
    this.#used = 0;
    this.#avail = PAGE.contentBottom - top - SLACK;
  }

  #current(): { items: Placed[]; top: number } {
    return this.#pages[this.#pages.length - 1] as { items: Placed[]; top: number };
  }

  #room(): number {
    return this.#avail - this.#used;
  }

  #newPage(): void {
    this.#open(PAGE.contentTop);
  }

  #push(item: Item): void {
    this.#current().items.push({ y: this.#used, item });
    this.#used += item.height;
  }

  isEmpty(): boolean {
    return this.#pages.every((p) => p.items.length === 0);
  }

  /** A heading kept with the start of its body, then the body (paragraphs split by lines). */
  section(heading: Item | null, body: readonly Item[], then: TableModel | null = null): void {
    const first = body[0];
    const firstNeed =
      first !== undefined ? minimumHeight(first) : then !== null ? tableStartHeight(then) : 0;
    if (heading !== null) {
      if (this.#used > 0 && heading.height + firstNeed > this.#room()) this.#newPage();
      this.#push(heading);
    }
    for (const item of body) this.#place(item);
    if (body.length > 0 || heading !== null) this.#gap(SPACING.afterBlock - SPACING.afterParagraph);
  }

  /**
   * Items kept on one page: on a new page when they do not fit in what is left of this one,
   * led there by `onNewPage` (a table's header); placed one by one, a page at a time, if they
   * are taller than a page.
   */
  together(
    items: readonly Item[],
    onNewPage: readonly Item[] = [],
    gap: number = SPACING.afterBlock,
  ): void {
    const height = items.reduce((h, item) => h + item.height, 0);
    if (this.#used > 0 && height > this.#room()) {
      this.#newPage();
      for (const item of onNewPage) this.#push(item);
    }
    for (const item of items) this.#place(item);
    this.#gap(gap);
  }

  #gap(h: number): void {
    // A gap is spent only when more follows on the same page; never carried to a new page.
    this.#used = Math.min(this.#avail, this.#used + Math.max(0, h));
  }

  #place(item: Item): void {
    if (item.height <= this.#room()) {
      this.#push(item);
      return;
    }
    if (item.kind === "paragraph" || item.kind === "bullet") {
      this.#splitText(item);
      return;
    }
    if (this.#used > 0) this.#newPage();
    this.#push(item);
  }

  /** Splits a paragraph at line boundaries across pages (at least 2 lines per piece). */
  #splitText(item: Extract<Item, { kind: "paragraph" | "bullet" }>): void {
    const all = item.text.lines;
    const lineH = TYPE.body.line;
    const gap = item.height - all.length * lineH;
    let rest = all;
    while (rest.length > 0) {
      const fit = Math.floor((this.#room() - gap) / lineH);
      if (fit >= Math.min(2, rest.length)) {
        const take = rest.slice(0, fit);
        const continued = rest !== all;
        rest = rest.slice(take.length);
        this.#push({
          ...item,
          text: { lines: take, fallback: item.text.fallback },
          height: take.length * lineH + gap,
          ...(continued && item.kind === "bullet" ? { continued } : {}),
        });
        if (rest.length > 0) this.#newPage();
      } else {
        this.#newPage();
      }
    }
  }

  /** A table in page-sized chunks, each starting with the (repeated) header row. */
  table(table: TableModel): void {
    const rows = table.rows;
    const emptyNote = rows.length === 0 ? EMPTY_NOTE : 0;
    if (this.#used > 0 && tableStartHeight(table) > this.#room()) this.#newPage();
    let start = 0;
    let continued = false;
    do {
      const lead = (continued ? table.continuedHeight : table.titleHeight) + table.header.height;
      let h = lead;
      let end = start;
      while (end < rows.length && h + (rows[end] as { height: number }).height <= this.#room()) {
        h += (rows[end] as { height: number }).height;
        end++;
      }
      if (end === start && rows.length > 0) {
        // Not even one row fits below the header here.
        if (this.#used > 0) {
          this.#newPage();
          continue;
        }
        h += (rows[end] as { height: number }).height; // taller than a page: cannot happen (rows are split)
        end++;
      }
      if (rows.length === 0) h += emptyNote;
      this.#push({ kind: "table", table, start, end, continued, height: h });
      start = end;
      continued = true;
      if (start < rows.length) this.#newPage();
    } while (start < rows.length);
    this.#gap(SPACING.afterBlock);
  }

  pages(): PagePlan[] {
    const pages = this.#pages.filter((p, i) => i === 0 || p.items.length > 0);
    return pages.map((p) => ({ items: p.items, top: p.top }));
  }
}

export const EMPTY_NOTE = TYPE.cell.line + 2 * SPACING.cellPadY;

/** Title, header and the first few rows: what must fit for a table to start on a page. */
function tableStartHeight(table: TableModel): number {
  const firstRows = table.rows.slice(0, MIN_TABLE_ROWS).reduce((a, r) => a + r.height, 0);
  return (
    table.titleHeight + table.header.height + firstRows + (table.rows.length === 0 ? EMPTY_NOTE : 0)
  );
}

function minimumHeight(item: Item): number {
  if (item.kind === "paragraph" || item.kind === "bullet") {
    return Math.min(item.height, 2 * TYPE.body.line);
  }
  return item.height;
}
