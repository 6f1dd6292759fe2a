import {
  cellKind,
  columnLabelsOf,
  type Degradation,
  formatMetric,
  formatStatus,
  formatValue,
  metricKind,
  type Report,
  type ReportTable,
  type RowFinding,
  rowFindings,
  SAMPLE_EDITION_BANNER,
  type Scalar,
  VALUE_KIND_TRAITS,
  type ValueKind,
} from "@svc/report-model";
import type ExcelJS from "exceljs";
import { provenanceText } from "../provenance/provenance-text.js";
import type { CellValue, CellValues } from "./cell-values.js";
import { ColumnMeasure, shownWidth, textWidth } from "./columns.js";
import { flattenJsonText } from "./flatten-result.js";
import { ReportedValues } from "./reported-values.js";
import {
  BODY_FONT,
  BODY_SIZE,
  cellStyle,
  emptyCellStyle,
  findingLabelStyle,
  HEADER_STYLE,
  LABEL_STYLE,
  LIST_WARNING_STYLE,
  SAMPLE_STYLE,
  SECTION_STYLE,
  type Style,
  SUBTITLE_STYLE,
  TITLE_STYLE,
  WRAP_STYLE,
} from "./styles.js";
import type { IndexEntry, SummarySection } from "./workbook-plan.js";
import { lineCount, rowHeight } from "./wrap.js";

/**
 * The Summary sheet, the workbook's report: title block, properties, executive summary, headline
 * metrics, then each small table as a section (a record as label/value rows, a list as
 * paragraphs, a small grid with its header row; structured values carried as JSON text as
 * labelled rows), the sheet index and the notes. Column A holds the labels, column B the values,
 * the next columns units and the small grids' other columns; prose spans B to the last column,
 * wrapped, as wide as its longest word (an address in a sentence is never broken). Row heights
 * are written (`wrap.ts`): neither Excel nor LibreOffice fits them on opening.
 */

/** Prose spanning B to the last column wraps at this width. */
const PROSE_WIDTH = 80;
/** Labels in column A wrap past this width. */
const LABEL_WIDTH = 40;

/** A value and its kind: how it is held, shown and styled. */
interface Valued {
  readonly value: Scalar;
  readonly kind: ValueKind;
}

type Line =
  | { readonly type: "banner" | "title" | "subtitle" | "section" | "blank"; readonly text: string }
  | { readonly type: "warning"; readonly text: string }
  | {
      readonly type: "pair";
      readonly label: string;
      readonly value: Valued;
      readonly unit?: string;
    }
  | { readonly type: "group"; readonly text: string }
  | { readonly type: "paragraph"; readonly text: string }
  | { readonly type: "header"; readonly labels: readonly string[] }
  | {
      readonly type: "row";
      readonly values: readonly Valued[];
      readonly finding: RowFinding | undefined;
    }
  | { readonly type: "entry"; readonly name: string; readonly text: string };

export interface SummaryLayout {
  readonly lines: readonly Line[];
  readonly widths: readonly number[];
  readonly width: number;
}

const blank: Line = { type: "blank", text: "" };

/** A record's rows as label/value lines; a value carried as JSON text becomes labelled rows. */
function recordLines(t: ReportTable, said: ReportedValues): Line[] {
  const lines: Line[] = [];
  const transposed = t.rows.length === 1 && !(t.rowKinds !== undefined || t.columns.length === 2);
  if (transposed) {
    const labels = columnLabelsOf(t);
    const row = t.rows[0] ?? [];
    row.forEach((value, c) => {
      if (value === null) return;
      lines.push({
        type: "pair",
        label: labels[c] ?? `Column ${c + 1}`,
        value: { value, kind: cellKind(t, 0, c) },
      });
    });
    return lines;
  }
  t.rows.forEach((row, r) => {
    const field = row[0] ?? null;
    const label = field === null ? "" : formatValue(field, cellKind(t, r, 0));
    const value = row[1] ?? null;
    const leaves = typeof value === "string" ? flattenJsonText(value) : undefined;
    if (leaves === undefined) {
      lines.push({ type: "pair", label, value: { value, kind: cellKind(t, r, 1) } });
      return;
    }
    // Only what the report does not already say, under the field's name.
    const fresh = leaves.filter((leaf) => !said.says(leaf));
    if (fresh.length === 0) return;
    lines.push({ type: "group", text: label });
    for (const leaf of fresh) lines.push({ type: "pair", label: leaf.label, value: leaf });
  });
  return lines;
}

function sectionLines(s: SummarySection, said: ReportedValues): Line[] {
  const t = s.table;
  const lines: Line[] = [blank, { type: "section", text: t.title }];
  if (s.placement === "record") {
    const records = recordLines(t, said);
    return records.length === 0 ? [] : [...lines, ...records];
  }
  if (s.placement === "list") {
    return [
      ...lines,
      ...t.rows.map((row, r): Line => {
        const v = row[0] ?? null;
        return { type: "paragraph", text: v === null ? "" : formatValue(v, cellKind(t, r, 0)) };
      }),
    ];
  }
  const labels = columnLabelsOf(t);
  const findings = rowFindings(t);
  lines.push({ type: "header", labels });
  t.rows.forEach((row, r) => {
    lines.push({
      type: "row",
      values: labels.map((_, c) => ({ value: row[c] ?? null, kind: cellKind(t, r, c) })),
      finding: findings[r],
    });
  });
  return lines;
}

/** Every line of the Summary, in order. */
function summaryLines(
  report: Report,
  sections: readonly SummarySection[],
  index: readonly IndexEntry[],
  notes: readonly Degradation[],
): Line[] {
  const { meta } = report;
  const lines: Line[] = [];
  // Ahead of the title: the first thing anyone opening it reads.
  if (meta.sampleEdition === true) lines.push({ type: "banner", text: SAMPLE_EDITION_BANNER });
  lines.push({ type: "title", text: meta.title });
  const said = provenanceText(meta);
  if (said.alert !== null) lines.push({ type: "warning", text: said.alert });
  if (typeof meta.listWarning === "string" && meta.listWarning.trim() !== "") {
    lines.push({ type: "warning", text: meta.listWarning });
  }
  // What the service vouches for (boxed like a warning when it vouches for nothing) and when.
  if (said.everyPage !== null) {
    const verified = meta.provenance?.kind === "verified";
    lines.push({ type: verified ? "subtitle" : "warning", text: said.everyPage });
  }
  if (said.when !== null) lines.push({ type: "subtitle", text: said.when });
  if (meta.subtitle !== null && meta.subtitle !== "") {
    lines.push({ type: "subtitle", text: meta.subtitle });
  }
  // Properties the report has: an empty one says nothing.
  const properties: [string, string | null][] = [
    ["Report type", meta.reportType === null ? null : formatStatus(meta.reportType)],
    [said.authorLabel, meta.author],
    ["Date", meta.date],
    ["Version", meta.version],
  ];
  const known = properties.filter(([, v]) => v !== null && v.trim() !== "");
  if (known.length > 0) lines.push(blank);
  for (const [label, value] of known) {
    lines.push({ type: "pair", label, value: { value, kind: "text" } });
  }

  if (report.summary.length > 0) {
    lines.push(blank, { type: "section", text: "Executive summary" });
    for (const text of report.summary) lines.push({ type: "paragraph", text });
  }

  if (report.metrics.length > 0) {
    lines.push(blank, { type: "section", text: "Headline metrics" });
    for (const m of report.metrics) {
      const kind = metricKind(m);
      const unit = m.unit?.trim() ?? "";
      // The unit has its own column unless the kind's format already says it ("47.6%", "$0.25").
      const said = formatMetric(m) === formatValue(m.value, kind);
      lines.push({
        type: "pair",
        label: m.label,
        value: { value: m.value, kind },
        ...(unit === "" || said ? {} : { unit }),
      });
    }
  }

  for (const s of sections) {
    const said = new ReportedValues(report, new Set([s.table.key]));
    lines.push(...sectionLines(s, said));
  }

  if (index.length > 0) {
    lines.push(blank, { type: "section", text: "Sheets" });
    for (const e of index) lines.push({ type: "entry", name: e.name, text: e.description });
  }
  if (notes.length > 0) {
    lines.push(blank, { type: "section", text: "Notes" });
    for (const d of notes) lines.push({ type: "entry", name: d.path, text: d.reason });
  }
  return lines;
}

/** The widest word of prose, in Excel units. */
function longestWord(text: string): number {
  let w = 0;
  for (const word of text.split(/\s+/)) {
    if (word.length > w) w = Math.max(w, textWidth(word, Number.POSITIVE_INFINITY));
  }
  return w;
}

/** The text a value shows, for widths. */
function shown(v: Valued, cells: CellValues): { width: number; cell: CellValue } {
  const cell = cells.value(v.value, v.kind);
  if (cell === undefined) return { width: 0, cell };
  const text = typeof cell === "number" ? formatValue(cell, v.kind) : cell;
  return { width: shownWidth(text, v.kind, cell), cell };
}

/** The Summary's lines and its column widths, from its content. */
export function laySummary(
  report: Report,
  sections: readonly SummarySection[],
  index: readonly IndexEntry[],
  notes: readonly Degradation[],
  cells: CellValues,
): SummaryLayout {
  const lines = summaryLines(report, sections, index, notes);
  let columns = 3;
  for (const line of lines) {
    if (line.type === "header") columns = Math.max(columns, line.labels.length);
  }
  const measures = Array.from({ length: columns }, () => new ColumnMeasure(""));
  let label = 12;
  let prose = 0;
  // The longest word of the prose (an address in a sentence): never broken across lines.
  let word = 0;
  // Labels are bold: a tenth wider than the body's characters.
  const measureLabel = (text: string) => {
    label = Math.max(label, Math.ceil(textWidth(text, LABEL_WIDTH) * 1.1));
  };
  for (const line of lines) {
    switch (line.type) {
      case "pair": {
        measureLabel(line.label);
        measures[1]?.add(shown(line.value, cells).width, line.value.kind);
        if (line.unit !== undefined) measures[2]?.add(textWidth(line.unit), "text");
        break;
      }
      case "paragraph":
      case "entry":
        prose = Math.max(prose, textWidth(line.text, PROSE_WIDTH));
        word = Math.max(word, longestWord(line.text));
        if (line.type === "entry") measureLabel(line.name);
        break;
      case "header":
        line.labels.forEach((l, c) => {
          if (c === 0) measureLabel(l);
          else measures[c]?.add(Math.min(textWidth(l), 14), "text");
        });
        break;
      case "row":
        line.values.forEach((v, c) => {
          const { width } = shown(v, cells);
          if (c === 0) label = Math.max(label, Math.min(width, LABEL_WIDTH));
          // A value indented off a right-aligned one before it needs the indent's room too.
          else
            measures[c]?.add(width + (alignsRight(line.values[c - 1]) ? INDENT_WIDTH : 0), v.kind);
        });
        break;
      default:
        break;
    }
  }
  const widths = measures.map((m) => m.plan().width);
  widths[0] = label + 2;
  // Prose spans column B to the last: at least PROSE_WIDTH wide, B taking what is missing.
  const rest = widths.slice(2).reduce((a, b) => a + b, 0);
  const proseWidth = Math.max(Math.min(prose + 2, PROSE_WIDTH), word + 2);
  widths[1] = Math.max(widths[1] ?? 0, proseWidth - rest, 12);
  return { lines, widths, width: widths.reduce((a, b) => a + b, 0) };
}

/** A value cell's style: its kind's, wrapped where it is prose wider than its column. */
const valueStyle = (
  v: Valued,
  wrap: boolean,
  align?: "left",
  options?: Parameters<typeof cellStyle>[4],
): Style => cellStyle(v.kind, wrap, align, v.value, options);

const GROUP_STYLE: Style = {
  font: { name: BODY_FONT, size: BODY_SIZE, bold: true, italic: true },
  alignment: { vertical: "top" },
};

/** What an indent takes of a column's width, in Excel units. */
const INDENT_WIDTH = 2;

const alignsRight = (v: Valued | undefined): boolean =>
  v !== undefined && v.value !== null && VALUE_KIND_TRAITS[v.kind].align === "right";

/** Writes the Summary's lines into its sheet. */
export function writeSummary(
  ws: ExcelJS.Worksheet,
  layout: SummaryLayout,
  cells: CellValues,
): void {
  const { lines, widths } = layout;
  const last = widths.length;
  const prose = widths.slice(1).reduce((a, b) => a + b, 0);
  ws.columns = widths.map((width) => ({ width }));
  const add = (values: CellValue[], styles: (Style | undefined)[] = []): ExcelJS.Row => {
    const row = ws.addRow(values);
    values.forEach((_, i) => {
      const style = styles[i];
      if (style !== undefined) row.getCell(i + 1).style = style;
    });
    return row;
  };
  for (const line of lines) {
    switch (line.type) {
      case "banner": {
        const values = Array.from({ length: last }, (_, i) => (i === 0 ? line.text : undefined));
        const row = add(
          values,
          values.map(() => SAMPLE_STYLE),
        );
        row.height = 22;
        row.commit();
        break;
      }
      case "title": {
        const row = add([line.text], [TITLE_STYLE]);
        row.height = 24;
        row.commit();
        break;
      }
      case "warning": {
        // Right under the title, merged over the columns and tall enough for its wrapped lines.
        const values = Array.from({ length: last }, (_, i) => (i === 0 ? line.text : undefined));
        const row = add(values);
        for (let c = 1; c <= last; c++) row.getCell(c).style = LIST_WARNING_STYLE;
        const perLine = Math.max(40, widths.reduce((a, b) => a + b, 0) - 4);
        row.height =
          16 * Math.max(1, Math.ceil(textWidth(line.text, Number.POSITIVE_INFINITY) / perLine)) + 6;
        ws.mergeCells(row.number, 1, row.number, last);
        row.commit();
        break;
      }
      case "subtitle":
        add([line.text], [SUBTITLE_STYLE]).commit();
        break;
      case "blank":
        add([]).commit();
        break;
      case "section":
        add([line.text], [SECTION_STYLE]).commit();
        break;
      case "group":
        add([line.text], [GROUP_STYLE]).commit();
        break;
      case "pair": {
        const cell = cells.value(line.value.value, line.value.kind);
        const wrap =
          typeof cell === "string" && textWidth(cell, Number.POSITIVE_INFINITY) > (widths[1] ?? 0);
        const row = add(
          [line.label, cell, line.unit],
          [LABEL_STYLE, valueStyle(line.value, wrap, "left")],
        );
        const lines = Math.max(
          lineCount(line.label, widths[0] ?? 0, true),
          wrap && typeof cell === "string" ? lineCount(cell, widths[1] ?? 0) : 1,
        );
        if (lines > 1) row.height = rowHeight(lines);
        row.commit();
        break;
      }
      case "paragraph":
      case "entry": {
        // Prose spans B to the last column, as tall as its wrapped lines.
        const row = add(
          [line.type === "entry" ? line.name : undefined, line.text],
          [line.type === "entry" ? LABEL_STYLE : undefined, WRAP_STYLE],
        );
        if (last > 2) ws.mergeCells(row.number, 2, row.number, last);
        const lines = Math.max(
          lineCount(line.text, prose),
          line.type === "entry" ? lineCount(line.name, widths[0] ?? 0, true) : 1,
        );
        if (lines > 1) row.height = rowHeight(lines);
        row.commit();
        break;
      }
      case "header": {
        const row = add(
          [...line.labels],
          line.labels.map(() => HEADER_STYLE),
        );
        const lines = Math.max(...line.labels.map((l, c) => lineCount(l, widths[c] ?? 0, true)));
        if (lines > 1) row.height = rowHeight(lines);
        row.commit();
        break;
      }
      case "row": {
        const values = line.values.map((v) => cells.value(v.value, v.kind));
        const row = add(
          values,
          line.values.map((v, c) => {
            if (c === 0) {
              return line.finding === undefined ? LABEL_STYLE : findingLabelStyle(line.finding);
            }
            const cell = values[c];
            if (cell === undefined && line.finding !== undefined) {
              return emptyCellStyle(line.finding);
            }
            const wrap =
              typeof cell === "string" &&
              textWidth(cell, Number.POSITIVE_INFINITY) > (widths[c] ?? 0);
            // Off the right-aligned value before it (a count, an amount), as in a data sheet.
            return valueStyle(v, wrap, undefined, {
              indent: alignsRight(line.values[c - 1]),
              finding: line.finding,
            });
          }),
        );
        const lines = Math.max(
          ...values.map((cell, c) =>
            typeof cell === "string" ? lineCount(cell, widths[c] ?? 0, c === 0) : 1,
          ),
        );
        if (lines > 1) row.height = rowHeight(lines);
        row.commit();
        break;
      }
    }
  }
}
