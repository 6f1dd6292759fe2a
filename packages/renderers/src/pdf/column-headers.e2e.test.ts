import type { Report, Scalar } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratch, type Word, wordBoxes } from "../test-support/pdf-readback.js";
import { reportWith } from "../test-support/sample-reports.js";
import { renderPdf } from "./render-pdf.js";

// Column headers get a reasonable width beside a column of long prose: a forecast's
// "P(≥ 1 new hit)" takes at most two lines (it took four, a word a line, when the description
// column took all the spare width).

const files = scratch("column-headers-");
afterAll(files.remove);

const LABELS = [
  "Scenario",
  "Description",
  "Expected new hits",
  "P(≥ 1 new hit)",
  "Expected new hits against the baseline",
];

function sensitivity(): Report {
  const rows: Scalar[][] = Array.from({ length: 8 }, (_, i) => [
    ["Baseline", "Base hazard", "List additions ×2", "List additions ×0.5"][i % 4] as string,
    `${"Twice the rate of list addition events, and each added address weighed by its tier. ".repeat(1 + (i % 3))}`,
    0.073 * (i + 1),
    0.07 * (i + 1),
    i + 1,
  ]);
  return reportWith({
    tables: [
      {
        key: "sensitivity",
        title: "Sensitivity",
        columns: ["scenario", "description", "expected_new_hits", "p_any_new_hit", "vs_baseline"],
        columnLabels: LABELS,
        columnKinds: ["text", "text", "number", "probability", "number"],
        rows,
      },
    ],
  });
}

/** How many lines the header cell of `label` takes: the rows (by y) of the words in its column. */
function headerLines(words: readonly Word[], label: string): number {
  const top = words.find((w) => w.text === "Scenario") as Word;
  const head = words.filter((w) => w.yMin >= top.yMin - 1 && w.yMin < top.yMin + 40);
  // Each column starts where its label's first word does, on the header's first line.
  const starts = LABELS.map(
    (l) => (head.find((w) => w.text === l.split(" ")[0] && w.yMin < top.yMin + 1) as Word).xMin,
  );
  const c = LABELS.indexOf(label);
  const from = (starts[c] as number) - 1;
  const to = c + 1 < starts.length ? (starts[c + 1] as number) - 1 : Number.POSITIVE_INFINITY;
  const mine = head.filter(
    (w) => w.xMin >= from && w.xMax <= to && label.split(" ").includes(w.text),
  );
  return new Set(mine.map((w) => Math.round(w.yMin))).size;
}

describe("renderPdf: column headers beside long prose", () => {
  let words: Word[];

  beforeAll(async () => {
    const path = files.save("sensitivity.pdf", (await renderPdf(sensitivity())).bytes);
    words = wordBoxes(path, 1);
  });

  it("sets 'P(≥ 1 new hit)' and 'Expected new hits' on at most two lines", () => {
    expect(headerLines(words, "P(≥ 1 new hit)")).toBeLessThanOrEqual(2);
    expect(headerLines(words, "Expected new hits")).toBeLessThanOrEqual(2);
  });

  it("sets the longest header on at most two lines too", () => {
    expect(headerLines(words, LABELS[4] as string)).toBeLessThanOrEqual(2);
  });
});
