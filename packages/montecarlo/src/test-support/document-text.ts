import {
  cellKind,
  formatCell,
  formatMetric,
  metricKind,
  parseReport,
  type ReportModelInput,
} from "@svc/report-model";

/**
 * Every text a document shows of a report, as the renderers format it (the report model's
 * `formatMetric` and `formatCell`): the summary, the metrics and every cell. Values in percent
 * units (metadata coverage, expected recall) are shares, not probabilities: left out.
 */
export function documentTexts(report: ReportModelInput): string[] {
  const r = parseReport(report);
  const texts = [...r.summary];
  for (const m of r.metrics) if (metricKind(m) !== "percent") texts.push(formatMetric(m));
  for (const t of r.tables) {
    t.rows.forEach((row, i) => {
      row.forEach((_, j) => {
        if (cellKind(t, i, j) !== "percent") texts.push(formatCell(t, i, j));
      });
    });
  }
  return texts;
}

/** The significant digits of a number as written: "0.23" → 2, "12" → 2, "100" → 1, "6.89" → 3. */
const significantDigits = (n: string): number =>
  n.replace(/,/g, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;

/** The percentages of the texts written with more than two significant digits. */
export const overPrecise = (texts: readonly string[]): string[] =>
  texts.flatMap((text) =>
    [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?%/g)]
      .filter((m) => significantDigits(m[1] as string) > 2)
      .map((m) => `${m[0]} in "${text}"`),
  );
