import { describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { parseReport } from "./parse-report.js";

const ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

describe("parseReport: column labels and kinds", () => {
  it("humanizes labels and infers kinds by default, for tables, sheets and section tables", () => {
    const r = parseReport({
      report_meta: {},
      tables: {
        sdn_matches: {
          columns: ["address", "sdn_entry_id", "status", "p_hit"],
          rows: [
            {
              address: ETH,
              sdn_entry_id: "27307",
              status: "manual_review_required",
              p_hit: 0.4755753139053136,
            },
          ],
        },
      },
      export_artifacts: {
        workbook_rows: { appendix: [{ feature_ids: "50215", listed_on: "2019-09-13" }] },
      },
    });
    const [t] = r.tables;
    expect(t?.title).toBe("SDN matches");
    expect(t?.columnLabels).toEqual(["Address", "SDN entry ID", "Status", "P hit"]);
    expect(t?.columnKinds).toEqual(["address", "identifier", "status", "probability"]);
    expect(t?.rowKinds).toBeUndefined();
    expect(r.workbook[0]?.columnLabels).toEqual(["Feature IDs", "Listed on"]);
    expect(r.workbook[0]?.columnKinds).toEqual(["identifier", "date"]);

    const legacy = parseReport({
      title: "Legacy",
      sections: [{ heading: "Wallets", table: [{ wallet_address: ETH, risk_level: "high" }] }],
    });
    expect(legacy.sections[0]?.table).toMatchObject({
      title: "Wallets",
      columnLabels: ["Wallet address", "Risk level"],
      columnKinds: ["address", "status"],
    });
  });

  it("takes column_labels, column_kinds and a metric's kind from the wire", () => {
    const r = parseReport({
      report_meta: {},
      headline_metrics: [
        { label: "Lift", value: 48.6, kind: "ratio" },
        { label: "Lift (inferred)", value: 4804, unit: "%" },
      ],
      tables: {
        t: {
          columns: ["a", "b"],
          rows: [[ETH, 3]],
          column_labels: { a: "Wallet", b: " " },
          column_kinds: { b: "identifier" },
        },
      },
    });
    expect(r.metrics.map((m) => m.kind)).toEqual(["ratio", "percent"]);
    // A blank label is no label: the key is humanized.
    expect(r.tables[0]?.columnLabels).toEqual(["Wallet", "B"]);
    expect(r.tables[0]?.columnKinds).toEqual(["address", "identifier"]);
    expect(r.degradations).toEqual([]);
  });

  it("gives each row of a field/value table its own kind, unless the wire names the value's", () => {
    const rows = [
      ["Dataset SHA-256", "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786"],
      ["Workflow status", "manual_review_required"],
      ["Wallets in scope", 2],
    ];
    const inferred = parseReport({
      report_meta: {},
      tables: { t: { columns: ["field", "value"], rows } },
    });
    expect(inferred.tables[0]?.rowKinds).toEqual(["hash", "status", "count"]);
    const named = parseReport({
      report_meta: {},
      tables: { t: { columns: ["field", "value"], rows, column_kinds: { value: "text" } } },
    });
    expect(named.tables[0]?.rowKinds).toBeUndefined();
    const result = parseReport({
      report_meta: {},
      result: { workflow_status: "manual_review_required" },
    });
    expect(result.tables[0]).toMatchObject({
      key: "result",
      columnLabels: ["Field", "Value"],
      rowKinds: ["status"],
    });
  });

  it("reports labels and kinds of keys that are not columns as degradations", () => {
    const r = parseReport({
      report_meta: {},
      tables: {
        t: {
          columns: ["a"],
          rows: [],
          column_labels: { zzz: "Z" },
          column_kinds: { yyy: "count" },
        },
      },
    });
    expect(r.degradations).toEqual([
      { path: "tables.t.column_labels", reason: expect.stringContaining("zzz") },
      { path: "tables.t.column_kinds", reason: expect.stringContaining("yyy") },
    ]);
  });

  it("refuses a kind outside the vocabulary, with its path", () => {
    const bad = (input: unknown) => {
      try {
        parseReport(input, { accept: ["A"] });
      } catch (err) {
        if (err instanceof ReportModelError) return err.issues.map((i) => i.path);
      }
      return [];
    };
    expect(
      bad({
        report_meta: {},
        tables: { t: { columns: ["a"], rows: [], column_kinds: { a: "wallet" } } },
      }),
    ).toEqual(["tables.t.column_kinds.a"]);
    expect(
      bad({ report_meta: {}, headline_metrics: [{ label: "x", value: 1, kind: "lift" }] }),
    ).toEqual(["headline_metrics[0].kind"]);
    expect(
      bad({
        report_meta: {},
        tables: { t: { columns: ["a"], rows: [], column_labels: { a: "x".repeat(201) } } },
      }),
    ).toEqual(["tables.t.column_labels.a"]);
  });
});
