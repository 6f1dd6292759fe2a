import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { execute } from "../execution/execute.js";
import { MONITORING_OPERATIONS } from "../operations/monitoring/index.js";
import { CATALOG } from "./catalog.js";

/** The ten paid endpoints of the interface and their prices, in catalog order. */
const SPEC_ROUTES = [
  ["GET", "/api/ofac-wallet-screen/:address", "0.01"],
  ["POST", "/api/workflows/compliance/wallet-sanctions-report", "0.04"],
  ["POST", "/api/workflows/compliance/batch-wallet-screen", "0.10"],
  ["POST", "/api/workflows/compliance/edd-report", "0.25"],
  ["POST", "/api/workflows/compliance/exposure-forecast", "0.09"],
  ["POST", "/api/workflows/compliance/queue-optimize", "0.15"],
  ["POST", "/api/tools/report/generate", "0.05"],
  ["POST", "/api/tools/report/pdf/generate", "0.05"],
  ["POST", "/api/tools/report/docx/generate", "0.06"],
  ["POST", "/api/tools/report/xlsx/generate", "0.07"],
];

/** Then monitoring's: a monitor made, a period added (one monitor-period each). */
const MONITORING_ROUTES = [
  ["POST", "/api/monitors", "0.25"],
  ["POST", "/api/monitors/extend", "0.25"],
];

describe("the catalog", () => {
  it("holds the ten paid endpoints of the interface, then monitoring's two, in order, at their prices", () => {
    expect(CATALOG.map((o) => [o.method, o.path, o.price])).toEqual([
      ...SPEC_ROUTES,
      ...MONITORING_ROUTES,
    ]);
  });

  it("names, paths and tools are unique; prices are within USD 0.01 to 0.25", () => {
    expect(new Set(CATALOG.map((o) => o.name)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((o) => `${o.method} ${o.path}`)).size).toBe(CATALOG.length);
    for (const op of CATALOG) {
      expect(op.price, op.name).toMatch(/^0\.\d{2}$/);
      expect(Number(op.price)).toBeGreaterThanOrEqual(0.01);
      expect(Number(op.price)).toBeLessThanOrEqual(0.25);
      expect(op.description.length, op.name).toBeGreaterThan(40);
    }
  });

  it("every operation declares a positive, finite deadline of at most a minute", () => {
    for (const op of CATALOG) {
      expect(Number.isFinite(op.deadlineMs), op.name).toBe(true);
      expect(op.deadlineMs, op.name).toBeGreaterThan(0);
      expect(op.deadlineMs, op.name).toBeLessThanOrEqual(60_000);
    }
  });

  it("every input example is valid input, and handling it answers within its deadline what the output example shows", async () => {
    const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
    const deps = { list, history: () => EMBEDDED_DCA_HISTORY, render: renderDocument };
    for (const op of CATALOG.filter((o) => !MONITORING_OPERATIONS.includes(o))) {
      expect(v.safeParse(op.input, op.inputExample).issues, op.name).toBeUndefined();
      const answer = await execute(op, op.inputExample, deps);
      expect(answer, op.name).toMatchObject({ ok: true, output: op.outputExample });
    }
  });

  it("the monitoring operations' examples are valid input, refused MONITORING_UNAVAILABLE where no service keeps monitors (their answers are checked on the service)", async () => {
    const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
    const deps = { list, history: () => EMBEDDED_DCA_HISTORY, render: renderDocument };
    for (const op of MONITORING_OPERATIONS) {
      expect(v.safeParse(op.input, op.inputExample).issues, op.name).toBeUndefined();
      expect(v.safeParse(op.output, op.outputExample).issues, op.name).toBeUndefined();
      const answer = await execute(op, op.inputExample, deps);
      expect(answer, op.name).toMatchObject({
        ok: false,
        failure: { status: 503, code: "MONITORING_UNAVAILABLE" },
      });
    }
  });
});
