import { formatNumber, type Report, type Scalar } from "@svc/report-model";
import type { ResultLeaf } from "./flatten-result.js";

/**
 * What the report already says elsewhere, so a structured result (JSON text flattened into
 * rows) does not repeat it: the labelled values of the headline metrics and of field/value rows,
 * and every fractional number of the tables. A leaf is already said when its fractional value
 * reads the same as one said elsewhere ("4.025" against 4.024831948833888), or when a label it
 * begins with (or that begins with it) says the same value ("Current matches" = 4).
 */
export class ReportedValues {
  readonly #fractions = new Set<string>();
  readonly #labelled: { label: string; value: string }[] = [];

  constructor(report: Report, except: ReadonlySet<string>) {
    for (const m of report.metrics) this.#note(m.label, m.value);
    for (const t of [...report.tables, ...report.workbook]) {
      if (except.has(t.key)) continue;
      const record = t.columns.length === 2;
      for (const row of t.rows) {
        if (record && typeof row[0] === "string") this.#note(row[0], row[1] ?? null);
        for (const v of row) this.#fraction(v);
      }
    }
  }

  #fraction(v: Scalar | undefined): void {
    if (typeof v === "number" && Number.isFinite(v) && !Number.isInteger(v)) {
      this.#fractions.add(formatNumber(v));
    }
  }

  #note(label: string, value: Scalar): void {
    if (value === null) return;
    this.#labelled.push({ label: normal(label), value: shown(value) });
    this.#fraction(value);
  }

  /** True when the report already says this leaf. */
  says(leaf: ResultLeaf): boolean {
    const v = leaf.value;
    if (v === null) return false;
    if (typeof v === "number" && !Number.isInteger(v) && this.#fractions.has(formatNumber(v))) {
      return true;
    }
    const label = normal(leaf.label);
    const value = shown(v);
    return this.#labelled.some(
      (l) => l.value === value && (label.startsWith(l.label) || l.label.startsWith(label)),
    );
  }
}

const normal = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const shown = (v: Scalar): string =>
  typeof v === "number"
    ? formatNumber(v)
    : typeof v === "string"
      ? v.trim().toLowerCase()
      : String(v);
