import { Canvas, type Styles, Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { MeasurableFont } from "../fonts/react-pdf-fonts.js";
import { EMPTY_NOTE } from "./layout.js";
import type { Measurer } from "./measure.js";
import { monoWidth } from "./mono-font.js";
import type { CellStyle, SpanLine, TableModel, TableRow } from "./table-model.js";
import { type PdfTag, type Tagger, tag, UNTAGGED } from "./tags.js";
import { COLORS, SPACING, styles, TYPE } from "./theme.js";
import { monoSegments } from "./whole-tokens.js";

/** The pdfkit calls react-pdf's `<Canvas>` painter forwards (chainable). */
interface Painter {
  save(): Painter;
  restore(): Painter;
  rect(x: number, y: number, w: number, h: number): Painter;
  fill(color?: string): Painter;
  moveTo(x: number, y: number): Painter;
  lineTo(x: number, y: number): Painter;
  lineWidth(w: number): Painter;
  strokeColor(color: string): Painter;
  stroke(): Painter;
  fillColor(color: string): Painter;
  fillOpacity(o: number): Painter;
  font(font: MeasurableFont, size: number): Painter;
  text(text: string, x: number | null, y: number | null, options: object): Painter;
}

/** DejaVu Sans vertical metrics (em): where a baseline sits in a line box. */
const ASCENT = 0.928;
const DESCENT = 0.236;
const TEXT_OPTIONS = Object.freeze({ lineBreak: false, baseline: "alphabetic" });
/** Widths of the bar marking a row that shows a match or a near match (within `cellPadX`). */
const FINDING_BAR = Object.freeze({ match: 3, near: 1.5 });

/**
 * Characters pdfkit cannot set on its own: right-to-left scripts (which need the bidi algorithm),
 * combining marks and scripts that need shaping beyond what a simple run of glyphs gives.
 * (Drawing even a pure-Arabic line with pdfkit loses a space and its text extraction order, so
 * right-to-left text always goes through react-pdf's text engine.)
 */
const COMPLEX =
  /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]|\p{M}|[\u200c-\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether a cell's lines can be drawn straight onto the canvas (simple scripts only). */
function canvasDrawable(lines: readonly string[]): boolean {
  for (const line of lines) if (COMPLEX.test(line)) return false;
  return true;
}

/** A line of prose with its addresses and digests (`monoSpan`) as runs in the monospace face. */
export function withMonoValues(line: string): (string | ReactElement)[] {
  return monoSegments(line).map((segment, i) =>
    segment.mono ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional
      <Text key={i} style={styles.monoRun}>
        {segment.text}
      </Text>
    ) : (
      segment.text
    ),
  );
}

export interface TableChunkProps {
  /** The table's structure element (see tags.ts): every chunk of a table continues it. */
  readonly id: string;
  readonly table: TableModel;
  readonly start: number;
  readonly end: number;
  readonly measurer: Measurer;
  /** Style for the text of a complex cell (font stack when needed). */
  readonly complexStyle: (
    head: boolean,
    numeric: boolean,
    fallback: boolean,
    bold: boolean,
  ) => Styles[string][];
}

/**
 * The header row and rows `start`..`end` of a table as one react-pdf `<Canvas>`: backgrounds,
 * rules and the text of every cell are drawn straight onto the page with pdfkit (the engine under
 * react-pdf), using the same embedded font objects react-pdf's own text uses. A `<Text>` per cell
 * costs react-pdf's layout engine about 0.1 ms; a 1,000-row table would spend most of its time
 * there. Cells whose text needs bidi or complex shaping (Arabic, say) are still laid out by
 * react-pdf, as `<Text>`s placed over their cells.
 */
export function TableChunkView({
  id,
  table,
  start,
  end,
  measurer,
  complexStyle,
}: TableChunkProps): ReactElement {
  const width = table.widths.reduce((a, b) => a + b, 0) + 1; // + the two outer rules
  let height = table.header.height;
  for (let r = start; r < end; r++) height += (table.rows[r] as TableRow).height;
  const emptyNote = table.rows.length === 0;
  if (emptyNote) height += EMPTY_NOTE;

  const overlays: ReactElement[] = [];
  const line = (table.dense ? TYPE.cellDense : TYPE.cell).line;
  const overlay = (
    key: string,
    left: number,
    top: number,
    width: number,
    lines: readonly string[],
    style: Styles[string][],
    head: boolean,
  ) => {
    overlays.push(
      <View
        key={key}
        // The cell's content, drawn after the canvas that opened its cell (`cellId`).
        {...tag(head && start > 0 ? "Artifact" : { type: head ? "TH" : "TD", id: `${id}:${key}` })}
        style={{
          position: "absolute",
          left: left + SPACING.cellPadX,
          top: top + SPACING.cellPadY,
          width: width - 2 * SPACING.cellPadX,
        }}
      >
        {lines.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Text key={i} style={style}>
            {head ? text : withMonoValues(text)}
          </Text>
        ))}
      </View>,
    );
  };
  const collect = (row: TableRow, top: number, head: boolean, key: string) => {
    row.spans.forEach((span, k) => {
      if (canvasDrawable([span.text])) return;
      const style = complexStyle(head, false, span.fallback, row.finding === "match");
      overlay(`${key}:s${k}`, 0.5, top + k * line, width - 1, [span.text], style, head);
    });
    const gridTop = top + row.spans.length * line;
    let x = 0.5;
    for (let c = 0; c < row.cells.length; c++) {
      const lines = row.cells[c] as readonly string[];
      const w = table.widths[c] as number;
      if (!canvasDrawable(lines)) {
        const style = complexStyle(
          head,
          table.numeric[c] === true,
          row.fallback?.[c] === true,
          row.finding === "match",
        );
        overlay(`${key}:${c}`, x, gridTop, w, lines, style, head);
      }
      x += w;
    }
  };
  collect(table.header, 0, true, "h");
  let top = table.header.height;
  for (let r = start; r < end; r++) {
    const row = table.rows[r] as TableRow;
    collect(row, top, false, String(r));
    top += row.height;
  }

  const paint = (p: Painter, _w?: number, _h?: number, tagger?: Tagger | null): null => {
    paintTable(p, table, start, end, width, height, measurer, tagger ?? UNTAGGED, id);
    return null;
  };
  return (
    // One Table element for all the table's pages: each chunk continues it, the last ends it.
    <View
      style={{ width, height }}
      {...tag({ type: "Table", id, last: end === table.rows.length })}
    >
      {/* The canvas tags its rows and cells itself (TR, TH, TD; rules and tints are artifacts). */}
      <Canvas style={{ width, height }} paint={paint} {...{ pdfTagged: true }} />
      {overlays}
      {emptyNote ? (
        <Text
          {...tag("P")}
          style={{
            position: "absolute",
            left: 0.5 + SPACING.cellPadX,
            top: table.header.height + SPACING.cellPadY,
            fontSize: TYPE.cell.size,
            lineHeight: `${TYPE.cell.line}pt`,
            color: COLORS.muted,
          }}
        >
          No rows.
        </Text>
      ) : null}
    </View>
  );
}

function paintTable(
  p: Painter,
  table: TableModel,
  start: number,
  end: number,
  width: number,
  height: number,
  m: Measurer,
  tagger: Tagger,
  id: string,
): void {
  p.save().fillOpacity(1);
  tagger.artifact(() => paintGrid(p, table, start, end, width, height));
  // Text: the header row once (a repeat on later pages is page furniture), then each row, its
  // cells in column order.
  const type = table.dense ? TYPE.cellDense : TYPE.cell;
  const pen: Pen = { p, font: null, size: 0 };
  p.fillColor(COLORS.navyText);
  const header = () => paintRow(pen, table, table.header, 0, type, true, m, tagger, `${id}:h`);
  if (start === 0) tagger.tag(rowTag(table.header, `${id}:h`), header);
  else tagger.artifact(header);
  p.fillColor(COLORS.text);
  let y = table.header.height;
  for (let r = start; r < end; r++) {
    const row = table.rows[r] as TableRow;
    const top = y;
    tagger.tag(rowTag(row, `${id}:${r}`), () =>
      paintRow(pen, table, row, top, type, row.finding === "match", m, tagger, `${id}:${r}`),
    );
    y += row.height;
  }
  p.restore();
}

/**
 * A row's tag: named when a cell of it is laid out over the canvas (its TR stays open for the
 * cell's text, drawn later); any other row is complete once drawn, and written out then.
 */
function rowTag(row: TableRow, key: string): PdfTag {
  const later =
    row.spans.some((s) => !canvasDrawable([s.text])) || row.cells.some((l) => !canvasDrawable(l));
  return later ? { type: "TR", id: key } : { type: "TR" };
}

/** Backgrounds, tints, bars and rules: page furniture of a table. */
function paintGrid(
  p: Painter,
  table: TableModel,
  start: number,
  end: number,
  width: number,
  height: number,
): void {
  const headH = table.header.height;
  const inner = width - 1;
  // Backgrounds
  p.rect(0, 0, width, headH).fill(COLORS.navy);
  let y = headH;
  for (let r = start; r < end; r++) {
    const row = table.rows[r] as TableRow;
    if (row.finding === "match") p.rect(0.5, y, inner, row.height).fill(COLORS.matchTint);
    else if (row.finding === "near-match") p.rect(0.5, y, inner, row.height).fill(COLORS.nearTint);
    else if (row.zebra) p.rect(0.5, y, inner, row.height).fill(COLORS.zebra);
    y += row.height;
  }
  // A bar at the left edge of each row showing a finding (inside the first cell's padding): it
  // tells a match from a near match in greyscale print, where the tints are close to the zebra.
  y = headH;
  for (let r = start; r < end; r++) {
    const row = table.rows[r] as TableRow;
    if (row.finding === "match")
      p.rect(0.5, y, FINDING_BAR.match, row.height).fill(COLORS.matchBar);
    else if (row.finding === "near-match") {
      p.rect(0.5, y, FINDING_BAR.near, row.height).fill(COLORS.nearBar);
    }
    y += row.height;
  }
  // Rules: under every row, between columns, and the outer sides.
  p.lineWidth(0.5).strokeColor(COLORS.grid);
  y = headH;
  for (let r = start; r < end; r++) {
    y += (table.rows[r] as TableRow).height;
    p.moveTo(0.25, y - 0.25).lineTo(width - 0.25, y - 0.25);
  }
  let spans = false;
  for (let r = start; r < end && !spans; r++) spans = (table.rows[r] as TableRow).spans.length > 0;
  if (!spans) {
    let x = 0.5;
    for (let c = 0; c < table.widths.length - 1; c++) {
      x += table.widths[c] as number;
      p.moveTo(x, headH).lineTo(x, height);
    }
  } else {
    // Lifted values run across their row: the column rules start below them, row by row.
    const line = (table.dense ? TYPE.cellDense : TYPE.cell).line;
    y = headH;
    for (let r = start; r < end; r++) {
      const row = table.rows[r] as TableRow;
      const from = y + (row.spans.length === 0 ? 0 : SPACING.cellPadY + row.spans.length * line);
      let x = 0.5;
      for (let c = 0; c < table.widths.length - 1; c++) {
        x += table.widths[c] as number;
        p.moveTo(x, from).lineTo(x, y + row.height);
      }
      y += row.height;
    }
  }
  p.moveTo(0.25, 0).lineTo(0.25, height);
  p.moveTo(width - 0.25, 0).lineTo(width - 0.25, height);
  p.moveTo(0.25, height - 0.25).lineTo(width - 0.25, height - 0.25);
  p.stroke();
}

/**
 * The painter and the font last set on it. pdfkit builds a new embedded-font wrapper (and a
 * subset) on every `font()` call before finding it already has one, so the font is only set
 * when it changes: once per script change rather than once per cell.
 */
interface Pen {
  readonly p: Painter;
  font: MeasurableFont | null;
  size: number;
}

function setFont(pen: Pen, font: MeasurableFont, size: number): void {
  if (pen.font !== font || pen.size !== size) {
    pen.p.font(font, size);
    pen.font = font;
    pen.size = size;
  }
}

function paintRow(
  pen: Pen,
  table: TableModel,
  row: TableRow,
  top: number,
  type: { readonly size: number; readonly line: number },
  bold: boolean,
  m: Measurer,
  tagger: Tagger,
  /** The row's key: its cells' ids are `${key}:${c}` and `${key}:s${k}` (see the overlays). */
  key: string,
): void {
  const { size, line } = type;
  const head = row === table.header;
  // A cell react-pdf lays out over the canvas (`canvasDrawable`) is named: its overlay adds its
  // text to it later (see `TableChunkView`); any other cell is complete once drawn.
  const cellTag = (cell: string, later: boolean) => ({
    type: head ? ("TH" as const) : ("TD" as const),
    ...(later ? { id: `${key}:${cell}` } : {}),
    ...(head ? { scope: "Column" as const } : {}),
  });
  /** Baseline of the first line at a size: half-leading above the font's ascent, as react-pdf sets text. */
  const baselineAt = (y: number, s: number) =>
    y + SPACING.cellPadY + (line - (ASCENT + DESCENT) * s) / 2 + ASCENT * s;
  const draw = (text: string, left: number, baseline: number, style: CellStyle | null) => {
    if (style?.mono === true) {
      setFont(pen, m.mono, style.size);
      pen.p.text(text, left, baseline, TEXT_OPTIONS);
      return;
    }
    // A body cell's addresses and digests in the monospace face (as `cellInfo` measured them).
    const segments = head ? [{ text, mono: false }] : monoSegments(text);
    let first = true;
    for (const segment of segments) {
      const runs = segment.mono
        ? [{ font: m.mono, text: segment.text }]
        : m.runs(segment.text, bold);
      for (const run of runs) {
        setFont(pen, run.font, style?.size ?? size);
        // Later runs continue where pdfkit left the previous one (its own advance).
        pen.p.text(run.text, first ? left : null, first ? baseline : null, TEXT_OPTIONS);
        first = false;
      }
    }
  };
  const drawSpan = (k: number) => {
    const span = row.spans[k] as SpanLine;
    if (!canvasDrawable([span.text])) return;
    const style = span.style.mono || span.style.size !== size ? span.style : null;
    draw(span.text, 0.5 + SPACING.cellPadX, baselineAt(top, span.style.size) + k * line, style);
  };
  const gridTop = top + row.spans.length * line;
  const drawCell = (c: number, x: number) => {
    const lines = row.cells[c] as readonly string[];
    const w = table.widths[c] as number;
    const right = table.numeric[c] === true;
    const style = row.styles?.[c] ?? null;
    const s = style?.size ?? size;
    if (!canvasDrawable(lines)) return;
    const first = baselineAt(gridTop, s);
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i] as string;
      if (text === "") continue;
      const textWidth =
        style?.mono === true ? monoWidth(m.mono, text, s) : m.width(text, s, bold, !head);
      const left = right ? x + w - SPACING.cellPadX - textWidth : x + SPACING.cellPadX;
      // The space the line was broken at, past its width (see `wordSpaced`): a screen reader
      // reads the cell's lines as one text.
      const more = i < lines.length - 1 && style?.mono !== true;
      draw(more ? wordSpaced(text) : text, left, first + i * line, style);
    }
  };
  // Cells in column order: spans of columns not in the grid first (as the header has them), a
  // value lifted from a grid column in that column's place (its grid cell is empty).
  row.spanColumns.forEach((c, k) => {
    const later = !canvasDrawable([(row.spans[k] as SpanLine).text]);
    if (c < 0) tagger.tag(cellTag(`s${k}`, later), () => drawSpan(k));
  });
  let x = 0.5;
  for (let c = 0; c < row.cells.length; c++) {
    const k = row.spanColumns.indexOf(c);
    const at = x;
    if (k >= 0) {
      const later = !canvasDrawable([(row.spans[k] as SpanLine).text]);
      tagger.tag(cellTag(`s${k}`, later), () => drawSpan(k));
    } else {
      const later = !canvasDrawable(row.cells[c] as readonly string[]);
      tagger.tag(cellTag(String(c), later), () => drawCell(c, at));
    }
    x += table.widths[c] as number;
  }
}

/**
 * A line followed by another of the same text, with the space it was broken at: a screen
 * reader (and a copy) reads an element's lines as one text, and "associated" and "with" on two
 * lines would read "associatedwith". A line ending inside a token broken at punctuation (a URL
 * cut after "/", "-" or "_") gets none. The space is the line's last character, past its
 * measured width: nothing moves.
 */
export function wordSpaced(line: string): string {
  return /[-/_]$/.test(line) ? line : `${line} `;
}
