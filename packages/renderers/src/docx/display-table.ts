import {
  cellKind,
  columnLabelsOf,
  formatCell,
  isFieldValueTable,
  type ReportTable,
  type RowFinding,
  rowFindings,
  VALUE_KIND_TRAITS,
  type ValueKindTraits,
} from "@svc/report-model";

/** One cell as the document shows it: the model's text for it and how its kind is laid out. */
export interface DisplayCell {
  readonly text: string;
  readonly traits: ValueKindTraits;
}

/**
 * A table as the document shows it: every header the model's label of its column, every value
 * the model's `formatCell`, each with its kind's traits (monospace, kept whole, aligned).
 */
export interface DisplayTable {
  readonly title: string;
  readonly labels: readonly string[];
  readonly rows: readonly (readonly DisplayCell[])[];
  /**
   * A field/value table (a case's metadata, a model's parameters): a label column and a value
   * column holding a different kind in each row. It is laid out like every other one of the
   * document (the same label width), its values left-aligned under each other.
   */
  readonly fieldValue: boolean;
  /** Each row's finding (an exact or a near match, `rowFindings`), when the table has any. */
  readonly findings?: readonly (RowFinding | undefined)[];
}

const TEXT = VALUE_KIND_TRAITS.text;

/** A cell of plain text (labels the renderer writes itself, such as the title block's). */
export const textCell = (text: string): DisplayCell => ({ text, traits: TEXT });

/** The table with the model's labels and values. */
export function displayTable(table: ReportTable): DisplayTable {
  const labels = columnLabelsOf(table);
  const rows = table.rows.map((row, r) =>
    table.columns.map((_, c): DisplayCell => {
      const value = row[c] ?? null;
      if (value === null) return { text: "", traits: TEXT };
      return { text: formatCell(table, r, c), traits: VALUE_KIND_TRAITS[cellKind(table, r, c)] };
    }),
  );
  const findings = rowFindings(table);
  return {
    title: table.title,
    labels,
    rows,
    fieldValue: table.rowKinds !== undefined || isFieldValueTable(table.columns),
    ...(findings.some((f) => f !== undefined) ? { findings } : {}),
  };
}

/**
 * Most columns one table shows; wider tables are split into parts that repeat the first column.
 * Word refuses tables of more than 63 columns, and 14 is what a landscape page can still read.
 */
const MAX_COLUMNS = 14;

/** Splits a table wider than `MAX_COLUMNS` into parts that each repeat the first column. */
export function splitColumns(table: DisplayTable): DisplayTable[] {
  const n = table.labels.length;
  if (n <= MAX_COLUMNS) return [table];
  const parts: DisplayTable[] = [];
  const per = MAX_COLUMNS - 1;
  for (let start = 1; start < n; start += per) {
    const end = Math.min(n, start + per);
    const pick = [0, ...Array.from({ length: end - start }, (_, i) => start + i)];
    parts.push({
      title: `${table.title} (columns ${start === 1 ? 1 : start + 1}\u2013${end} of ${n})`,
      labels: pick.map((c) => table.labels[c] ?? ""),
      rows: table.rows.map((row) => pick.map((c) => row[c] ?? textCell(""))),
      fieldValue: false,
      ...(table.findings === undefined ? {} : { findings: table.findings }),
    });
  }
  return parts;
}
