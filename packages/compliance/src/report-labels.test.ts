import {
  cellKind,
  formatCell,
  formatMetric,
  looksLikeAddress,
  parseReport,
  type Report,
  type ReportTable,
} from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { CATALOG } from "./catalog/catalog.js";
import { execute } from "./execution/execute.js";
import { MONITORING_OPERATIONS } from "./operations/monitoring/index.js";
import { sampleDeps } from "./test-support/sample-deps.js";

/**
 * Labels and values from the model, once: the `report` of every operation's example answer
 * (and the report every document operation takes as its example), normalized as the renderers
 * see it, reads as a memo: no snake_case or camelCase key in a header, no enum word in a
 * status, every wallet address kept as an address.
 */

/** A key written by code: `party_type`, `entityName`. */
const CODE_KEY = /\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b/;

async function exampleReports(): Promise<[string, Report][]> {
  const deps = await sampleDeps();
  const reports: [string, Report][] = [];
  // Monitoring's answers carry no report (and need the service's monitors).
  for (const op of CATALOG.filter((o) => !MONITORING_OPERATIONS.includes(o))) {
    const answer = await execute(op, op.inputExample, deps);
    if (!answer.ok) throw new Error(`${op.name}: the example failed`);
    const output = answer.output as { report?: unknown };
    // The document operations take a report; the others answer one.
    reports.push([op.name, parseReport(output.report ?? op.inputExample)]);
  }
  return reports;
}

const tablesOf = (r: Report): ReportTable[] => [
  ...r.tables,
  ...r.workbook,
  ...r.sections.flatMap((s) => (s.table === null ? [] : [s.table])),
];

describe("the reports of the service's examples, normalized", async () => {
  const reports = await exampleReports();

  it("cover every operation that answers a report, with tables", () => {
    expect(reports.map(([name]) => name)).toEqual(
      CATALOG.filter((o) => !MONITORING_OPERATIONS.includes(o)).map((op) => op.name),
    );
    for (const [name, r] of reports) expect(tablesOf(r).length, name).toBeGreaterThan(0);
  });

  it("label every column, table and metric in words, never as a key", () => {
    for (const [name, r] of reports) {
      for (const t of tablesOf(r)) {
        expect(t.columnLabels, `${name} ${t.key}`).toHaveLength(t.columns.length);
        expect(t.columnKinds, `${name} ${t.key}`).toHaveLength(t.columns.length);
        for (const label of [t.title, ...(t.columnLabels ?? [])])
          expect(label, `${name} ${t.key}`).not.toMatch(CODE_KEY);
      }
      for (const m of r.metrics) expect(m.label, name).not.toMatch(CODE_KEY);
    }
  });

  it("give every metric a kind and show none as an enum word", () => {
    for (const [name, r] of reports) {
      for (const m of r.metrics) {
        expect(m.kind, `${name} ${m.label}`).toBeDefined();
        expect(formatMetric(m), `${name} ${m.label}`).not.toMatch(CODE_KEY);
      }
    }
  });

  it("keep every wallet address an address: whole columns and field/value rows", () => {
    let addresses = 0;
    for (const [name, r] of reports) {
      for (const t of tablesOf(r)) {
        t.rows.forEach((row, i) => {
          row.forEach((cell, j) => {
            if (typeof cell === "string" && looksLikeAddress(cell)) {
              addresses++;
              expect(cellKind(t, i, j), `${name} ${t.key}[${i}].${t.columns[j]}`).toBe("address");
            }
          });
        });
        t.columns.forEach((key, j) => {
          const values = t.rows.map((row) => row[j]).filter((x) => x !== null && x !== "");
          if (
            values.length > 0 &&
            values.every((x) => typeof x === "string" && looksLikeAddress(x))
          )
            expect(t.columnKinds?.[j], `${name} ${t.key}.${key}`).toBe("address");
        });
      }
    }
    expect(addresses).toBeGreaterThan(10);
  });

  it("show every value in words: no enum word or key in any cell but the raw result's", () => {
    for (const [name, r] of reports) {
      // `result` is the answer's raw structure, one JSON text per member: not a memo's table.
      for (const t of tablesOf(r).filter((t) => t.key !== "result")) {
        t.rows.forEach((_, i) => {
          t.columns.forEach((key, j) => {
            expect(formatCell(t, i, j), `${name} ${t.key}[${i}].${key}`).not.toMatch(CODE_KEY);
          });
        });
      }
    }
  });
});
