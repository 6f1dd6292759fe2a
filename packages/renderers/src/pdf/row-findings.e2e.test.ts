import type { Report, Scalar } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greyPage, pageOf, scratch, wordBoxes } from "../test-support/pdf-readback.js";
import { reportWith } from "../test-support/sample-reports.js";
import { renderPdf } from "./render-pdf.js";
import { PAGE } from "./theme.js";

// Rows of screening results showing a match or a near match stand out among 100 results, in
// greyscale print too: read back from the page as `pdftoppm -gray` prints it.

const files = scratch("row-findings-");
afterAll(files.remove);

const address = (i: number) => `0x${(i * 2654435761).toString(16).padStart(40, "0").slice(-40)}`;
const MATCH = 3;
const NEAR = 10;
const CLEAR = 12;

function resultsReport(): Report {
  const rows: Scalar[][] = Array.from({ length: 100 }, (_, i) => [
    address(i),
    i === MATCH ? "match" : "clear",
    i === NEAR ? `${address(i + 1000).slice(0, 12)}… (one character away)` : "",
  ]);
  return reportWith({
    tables: [
      {
        key: "screening_results",
        title: "Screening results",
        columns: ["address", "status", "near_match"],
        rows,
      },
    ],
  });
}

describe("renderPdf: rows showing a match or a near match", () => {
  let path: string;
  const shade: Record<"match" | "near" | "clear" | "zebra", { bar: number; tint: number }> = {
    match: { bar: 0, tint: 0 },
    near: { bar: 0, tint: 0 },
    clear: { bar: 0, tint: 0 },
    zebra: { bar: 0, tint: 0 },
  };

  beforeAll(async () => {
    path = files.save("results.pdf", (await renderPdf(resultsReport())).bytes);
    const page = pageOf(path, address(MATCH));
    expect(page).toBe(1);
    const grey = greyPage(path, page);
    const words = wordBoxes(path, page);
    const right = PAGE.width - PAGE.marginX - 2;
    for (const [name, i] of [
      ["match", MATCH],
      ["near", NEAR],
      ["clear", CLEAR],
      ["zebra", CLEAR - 1],
    ] as const) {
      const w = words.find((x) => x.text === address(i));
      if (w === undefined) throw new Error(`row ${i} not printed`);
      const y = (w.yMin + w.yMax) / 2;
      // The bar's inner half, and the row's background in the right-hand cell padding.
      shade[name] = { bar: grey(PAGE.marginX + 1.2, y), tint: grey(right, y) };
    }
  });

  it("tints a match darker than a near match, and a near match darker than a clear row", () => {
    expect(shade.match.tint).toBeLessThan(shade.near.tint - 8);
    expect(shade.near.tint).toBeLessThan(shade.zebra.tint);
    expect(shade.zebra.tint).toBeLessThan(shade.clear.tint);
    expect(shade.clear.tint).toBeGreaterThan(250);
  });

  it("marks a match and a near match with a bar at the row's left edge, a clear row with none", () => {
    expect(shade.match.bar).toBeLessThan(120);
    expect(shade.near.bar).toBeLessThan(150);
    expect(shade.clear.bar).toBeGreaterThan(240);
    expect(shade.zebra.bar).toBeGreaterThan(235);
  });

  it("keeps every address whole and every row's text", async () => {
    const words = wordBoxes(path, 1).map((w) => w.text);
    expect(words).toContain(address(MATCH));
    expect(words).toContain(address(NEAR));
    expect(words).toContain("Match");
  });
});
