import {
  cellKind,
  formatCell,
  formatMetric,
  metricKind,
  parseReport,
  type Report,
} from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { REQUESTS, realEditionDeps } from "../../test-support/document-set.mjs";
import { exposureForecast } from "./exposure-forecast.js";
import { queueOptimize } from "./queue-optimize.js";

/**
 * The forecast's and the queue's documents state figures with the precision they have, on OFAC's
 * real 2025-11-19 edition and the requests the filed documents are made from: every text a
 * document shows, as the report model formats it for the renderers, writes a probability with
 * at most two significant digits; the first limitation is the base-hazard assumption; no
 * "conservative" claim.
 */

let deps: ComplianceDeps;
let forecast: Report;
let queue: Report;
beforeAll(async () => {
  deps = await realEditionDeps();
  const f = await exposureForecast.run(v.parse(exposureForecast.input, REQUESTS.forecast), deps);
  const q = await queueOptimize.run(v.parse(queueOptimize.input, REQUESTS.queue), deps);
  forecast = parseReport(f.report);
  queue = parseReport(q.report);
}, 120_000);

/** Every text of the document; values in percent units (coverage, recall) are not probabilities. */
function documentTexts(r: Report): string[] {
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

/** "0.23" → 2, "12" → 2, "100" → 1, "6.89" → 3. */
const significantDigits = (n: string): number =>
  n.replace(/,/g, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;

const overPrecise = (texts: readonly string[]): string[] =>
  texts.flatMap((text) =>
    [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?%/g)]
      .filter((m) => significantDigits(m[1] as string) > 2)
      .map((m) => `${m[0]} in "${text}"`),
  );

const limitationsOf = (r: Report): string[] =>
  r.tables.find((t) => t.key === "limitations")?.rows.map((row) => String(row[0])) ?? [];

describe("the forecast's and the queue's documents on the real edition: the precision they have", () => {
  it("write no probability with more than two significant digits", () => {
    for (const r of [forecast, queue]) {
      const texts = documentTexts(r);
      expect(texts.filter((t) => /\d%/.test(t)).length).toBeGreaterThan(5);
      expect(overPrecise(texts)).toEqual([]);
    }
  });

  it("name the base-hazard assumption first among the limitations", () => {
    for (const r of [forecast, queue]) {
      expect(limitationsOf(r)[0]).toMatch(
        /^Every probability rests on an assumed base hazard, 1 in 20,000 per added address for a standard wallet.*nothing here can check/,
      );
    }
  });

  it("show the base hazard ×0.1 and ×10 in the forecast's sensitivity table, labelled as the assumption", () => {
    const t = forecast.tables.find((x) => x.key === "sensitivity");
    const scenarios = t?.rows.map((row) => row[0]);
    expect(scenarios).toContain("Base hazard ×0.1");
    expect(scenarios).toContain("Base hazard ×10");
    for (const row of t?.rows.filter((r) => String(r[0]).startsWith("Base hazard")) ?? []) {
      expect(row[1]).toMatch(/instead of the assumed 1 in 20,000, which nothing here can check/);
    }
  });

  it("state a standard error only as the simulation's, in the numerical checks", () => {
    for (const r of [forecast, queue]) {
      const outside = [
        ...r.summary,
        ...r.metrics.map((m) => m.label),
        ...r.tables
          .filter((t) => t.key !== "numerical_checks")
          .flatMap((t) => [...(t.columnLabels ?? []), ...t.rows.flat().map(String)]),
      ];
      expect(outside.filter((s) => /standard error/i.test(s))).toEqual([]);
    }
  });

  it("claim nothing conservative", () => {
    for (const r of [forecast, queue]) {
      expect(documentTexts(r).filter((s) => /conservative/i.test(s))).toEqual([]);
    }
  });
});
