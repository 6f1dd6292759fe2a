import { ATTESTATION_CARRIERS } from "@svc/attestations";
import {
  cellKind,
  columnLabelsOf,
  isFieldValueTable,
  labelOfKey,
  type Report,
  type ReportChart,
  type ReportTable,
  type Scalar,
  VALUE_KIND_TRAITS,
  type ValueKind,
} from "@svc/report-model";
import { appendixTitle } from "../appendix/appendix-title.js";
import { EVIDENCE_HEADING } from "../evidence/evidence-block.js";
import { SIGN_OFF_HEADING } from "../sign-off/sign-off-block.js";
import { SheetNamer } from "./sheet-names.js";

/**
 * Where each table of a report goes in the workbook. A reader files the Summary and filters the
 * data sheets, so:
 *
 * - a record (a field/value table, a single row), a list (a single column) and a small grid (at
 *   most `SMALL_ROWS` rows of at most `SMALL_COLUMNS` columns, no addresses or digests in it) is
 *   a section of the Summary,
 *   where it prints with the rest of the report instead of on a page of its own;
 * - any other table, and every workbook sheet, is a data sheet (frozen, filtered header);
 * - a table identical to one placed before (same labels, same rows) is not repeated;
 * - a chart is its data, so a chart whose labels and series are columns of a table already
 *   placed is not repeated either; any other chart is a data sheet of its own.
 *
 * What is left out is said in the Summary's sheet index, with where its data is.
 */
const SMALL_ROWS = 12;
const SMALL_COLUMNS = 5;
/** A record or list longer than this is a sheet of its own all the same. */
const LONGEST_SECTION = 60;

type Placement = "record" | "list" | "grid";

export interface SummarySection {
  readonly table: ReportTable;
  readonly placement: Placement;
  /** Where a value of the table is reported (`tables.result`), for notes. */
  readonly path: string;
}

interface DataSheet {
  readonly name: string;
  readonly table: ReportTable;
  readonly path: string;
  /** One line for the Summary's sheet index. */
  readonly description: string;
}

/** A line of the Summary's index: a sheet, or where a table or chart left out is. */
export interface IndexEntry {
  readonly name: string;
  readonly description: string;
}

export interface WorkbookPlan {
  readonly summaryName: string;
  /**
   * The sheets of the attestation, when the report has one: its evidence (printed, last), and
   * the JWS (very hidden, never printed), named before any table so no table takes their names.
   */
  readonly attestation: { readonly evidence: string; readonly jws: string } | null;
  /**
   * The sign-off sheet, when the report has a sign-off form: it prints the attestation's
   * evidence under the form, on the same page, so no evidence sheet is written then.
   */
  readonly signOff: string | null;
  readonly sections: readonly SummarySection[];
  readonly sheets: readonly DataSheet[];
  readonly index: readonly IndexEntry[];
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

function placementOf(t: ReportTable): Placement | undefined {
  const rows = t.rows.length;
  const width = Math.max(t.columns.length, ...t.rows.map((r) => r.length));
  if (rows === 0) return undefined;
  if (rows <= LONGEST_SECTION && (t.rowKinds !== undefined || isFieldValueTable(t.columns))) {
    return "record";
  }
  if (width === 1 && rows <= LONGEST_SECTION) return "list";
  if (rows === 1 && width <= LONGEST_SECTION) return "record";
  if (rows <= SMALL_ROWS && width <= SMALL_COLUMNS && !holdsCode(t)) return "grid";
  return undefined;
}

/**
 * A table with a column of addresses or digests: a data sheet, where such a column is as wide
 * as its longest value, never a Summary grid, whose columns are the Summary's.
 */
const holdsCode = (t: ReportTable): boolean =>
  t.rows.some((row, r) => row.some((_, c) => VALUE_KIND_TRAITS[cellKind(t, r, c)].monospace));

const signature = (t: ReportTable): string => JSON.stringify([columnLabelsOf(t), t.rows]);

const sameValues = (a: readonly Scalar[], b: readonly Scalar[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i] || String(v) === String(b[i]));

const columnOf = (t: ReportTable, c: number): Scalar[] => t.rows.map((r) => r[c] ?? null);

/** The table whose columns hold the chart's labels and every series, if one does. */
function tableHolding(chart: ReportChart, tables: readonly ReportTable[]): ReportTable | undefined {
  return tables.find((t) => {
    const columns = t.columns.map((_, c) => columnOf(t, c));
    const has = (values: readonly Scalar[]) => columns.some((col) => sameValues(col, values));
    return has(chart.labels) && chart.series.every((s) => has(s.values));
  });
}

/** A chart's data as a table: its labels, then one column per series. */
function chartTable(chart: ReportChart, i: number): ReportTable {
  const yKind: ValueKind | undefined = chart.yKind;
  const longest = Math.max(chart.labels.length, ...chart.series.map((s) => s.values.length));
  const columns = [
    chart.xLabel?.trim() || "label",
    ...chart.series.map((s, k) => s.name || `series_${k + 1}`),
  ];
  return {
    key: `chart_${i + 1}`,
    title: chart.title,
    columns,
    columnLabels: columns.map(labelOfKey),
    // The labels as text; the series as their kind when the chart says it (a probability).
    ...(yKind === undefined ? {} : { columnKinds: ["text", ...chart.series.map(() => yKind)] }),
    rows: Array.from({ length: longest }, (_, r) => [
      chart.labels[r] ?? `${r + 1}`,
      ...chart.series.map((s) => s.values[r] ?? null),
    ]),
  };
}

/** Plans the workbook of a report: the Summary's sections, the data sheets and the index. */
export function planWorkbook(report: Report): WorkbookPlan {
  const namer = new SheetNamer();
  const index: IndexEntry[] = [];
  const summaryName = namer.take("Summary");
  const signOff =
    report.signOff === undefined || report.signOff === null ? null : namer.take(SIGN_OFF_HEADING);
  const attestation =
    report.attestation === undefined || report.attestation === null
      ? null
      : {
          evidence: signOff ?? namer.take(EVIDENCE_HEADING),
          jws: namer.take(ATTESTATION_CARRIERS.xlsxSheetName),
        };
  const sections: SummarySection[] = [];
  const sheets: DataSheet[] = [];
  const placed = new Map<string, string>();
  const placedTables: ReportTable[] = [];

  const place = (t: ReportTable, path: string, fallback: string, kind: string, asSheet = false) => {
    const title = t.title || t.key || fallback;
    const seen = placed.get(signature(t));
    if (seen !== undefined) {
      index.push({ name: title, description: `${kind}: the same as ${seen}, not repeated` });
      return;
    }
    const placement = asSheet ? undefined : placementOf(t);
    if (placement !== undefined) {
      sections.push({ table: { ...t, title }, placement, path });
      placed.set(signature(t), `“${title}” on the ${summaryName} sheet`);
    } else {
      const name = namer.take(title, fallback);
      const description = `${kind}: ${title} (${plural(t.rows.length, "row")})`;
      sheets.push({ name, table: t, path, description });
      index.push({ name, description });
      placed.set(signature(t), `the ${name} sheet`);
    }
    placedTables.push(t);
  };

  report.tables.forEach((t, i) => {
    place(t, `tables.${t.key}`, `Table ${i + 1}`, "Table");
  });
  report.sections.forEach((s, i) => {
    if (s.table === null) return;
    const title = s.table.title || s.heading || "";
    place({ ...s.table, title }, `sections[${i}].table`, `Section ${i + 1}`, "Section table");
  });
  report.charts.forEach((chart, i) => {
    const title = chart.title || `Chart ${i + 1}`;
    const holder = tableHolding(chart, placedTables);
    if (holder !== undefined) {
      index.push({
        name: title,
        description: `Chart data: in ${placed.get(signature(holder)) ?? holder.title}`,
      });
      return;
    }
    const t = chartTable(chart, i);
    const seen = placed.get(signature(t));
    if (seen !== undefined) {
      index.push({ name: title, description: `Chart data: in ${seen}` });
      return;
    }
    // By design a workbook carries each chart as its data (exceljs 4.4 cannot write native
    // charts): reviewers chart it in Excel. That is the specified output, not a degradation.
    const name = namer.take(chart.title, `Chart ${i + 1}`);
    const description = `Chart data: ${title} (${chart.type} chart, ${chart.series.length} series, ${plural(t.rows.length, "label")})`;
    sheets.push({ name, table: t, path: chart.source, description });
    index.push({ name, description });
    placed.set(signature(t), `the ${name} sheet`);
    placedTables.push(t);
  });
  report.workbook.forEach((t, i) => {
    // Workbook rows are asked for as sheets: each is one, whatever its size, lettered as the
    // report's appendices are in every format ("Appendix A — Designation detail").
    const title = appendixTitle(i, t.title || t.key || "");
    place({ ...t, title }, `workbook.${t.key}`, `Workbook ${i + 1}`, "Workbook sheet", true);
  });
  if (signOff !== null) {
    index.push({
      name: signOff,
      description: `The reviewer's sign-off form: a disposition row per wallet to decide, the approval lines${attestation === null ? "" : ", and the screening attestation: fingerprint, kid, instant, edition, verification URL"}`,
    });
  } else if (attestation !== null) {
    index.push({
      name: attestation.evidence,
      description:
        "The screening attestation: fingerprint, kid, instant, edition, verification URL",
    });
  }
  return { summaryName, attestation, signOff, sections, sheets, index };
}
