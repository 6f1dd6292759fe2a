import type { Report } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratch, type Word, wordBoxes } from "../test-support/pdf-readback.js";
import { tableReport } from "../test-support/sample-reports.js";
import { renderPdf } from "./render-pdf.js";
import { PAGE } from "./theme.js";

// The running header of pages 2+ prints whole values: the report type and the date are never
// cut, and the title takes what is left, on a second line when it needs one.

const files = scratch("running-header-");
afterAll(files.remove);

const QUEUE_TITLE = "OFAC Review Queue Optimization";
const LONG_TITLE =
  "OFAC Review Queue Optimization for the Northwind OTC onboarding case, with every wallet of the counterparty book and its relationship tier";
/** Longer than the header's two lines: cut, with "…" (the full title is on page 1). */
const OVERLONG_TITLE = `${LONG_TITLE}, exposure, last activity and the queue position it had before this review began`;

function report(title: string, reportType: string): Report {
  const base = tableReport(120);
  return { ...base, meta: { ...base.meta, title, reportType, date: "2026-11-28" } };
}

/** The words above the content box of page 2: the running header. */
const header = (words: readonly Word[]) => words.filter((w) => w.yMax < PAGE.contentTop);

describe("renderPdf: the running header", () => {
  let queue: Word[];
  let long: Word[];
  let overlong: Word[];

  beforeAll(async () => {
    const q = files.save(
      "queue.pdf",
      (await renderPdf(report(QUEUE_TITLE, "compliance-review-queue-optimizer"))).bytes,
    );
    queue = header(wordBoxes(q, 2));
    const l = files.save(
      "long.pdf",
      (await renderPdf(report(LONG_TITLE, "compliance-review-queue-optimizer"))).bytes,
    );
    long = header(wordBoxes(l, 2));
    const o = files.save(
      "overlong.pdf",
      (await renderPdf(report(OVERLONG_TITLE, "compliance-review-queue-optimizer"))).bytes,
    );
    overlong = header(wordBoxes(o, 2));
  });

  it("prints the date and the report type whole", () => {
    for (const words of [queue, long, overlong]) {
      const text = words.map((w) => w.text).join(" ");
      expect(text).toContain("2026-11-28");
      expect(text).toContain("Compliance review queue optimizer");
    }
  });

  it("cuts only a title longer than two lines, on its second line, with '…'", () => {
    expect(queue.map((w) => w.text).join(" ")).not.toContain("…");
    expect(long.map((w) => w.text).join(" ")).not.toContain("…");
    expect(new Set(overlong.map((w) => w.yMin)).size).toBe(2);
    expect(overlong.some((w) => w.text.endsWith("…"))).toBe(true);
    expect(Math.max(...overlong.map((w) => w.yMax))).toBeLessThan(PAGE.contentTop - 4);
  });

  it("prints a title that fits on one line whole, beside them", () => {
    expect(queue.map((w) => w.text).join(" ")).toContain(QUEUE_TITLE);
    expect(new Set(queue.map((w) => w.yMin)).size).toBe(1);
  });

  it("wraps a long title onto a second line, whole, clear of the content and of the right side", () => {
    const text = long.map((w) => w.text).join(" ");
    for (const word of LONG_TITLE.split(" ")) expect(text).toContain(word);
    const rows = [...new Set(long.map((w) => w.yMin))];
    expect(rows.length).toBe(2);
    const date = long.find((w) => w.text === "2026-11-28") as Word;
    const title = long.filter((w) => LONG_TITLE.includes(w.text) && w.xMax < date.xMin);
    expect(Math.max(...title.map((w) => w.xMax))).toBeLessThan(
      Math.min(...long.filter((w) => w.text === "Compliance").map((w) => w.xMin)),
    );
    expect(Math.max(...long.map((w) => w.yMax))).toBeLessThan(PAGE.contentTop - 4);
  });
});
