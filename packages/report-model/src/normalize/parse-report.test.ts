import { describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { PROVENANCE_REFUSAL } from "../schema/wire-schemas.js";
import { parseReport } from "./parse-report.js";

const minimalA = { report_meta: { title: "Screening" } };

function rejection(input: unknown, accept?: ("A" | "B")[]): ReportModelError {
  try {
    parseReport(input, accept === undefined ? {} : { accept });
  } catch (err) {
    if (err instanceof ReportModelError) return err;
    throw err;
  }
  throw new Error("expected a ReportModelError");
}

describe("parseReport: the shared report model (variant A)", () => {
  it("normalizes the title block, taking owner as author and falling back through title names", () => {
    const r = parseReport({
      report_meta: { report_title: "Queue", owner: "Desk", date: "2026-11-22", version: "2" },
    });
    expect(r.variant).toBe("A");
    expect(r.meta).toEqual({
      title: "Queue",
      subtitle: null,
      reportType: null,
      author: "Desk",
      date: "2026-11-22",
      version: "2",
      sampleEdition: false,
      listWarning: null,
    });
    expect(
      parseReport({ report_meta: { report_type: "compliance-review-queue-optimizer" } }).meta.title,
    ).toBe("Compliance review queue optimizer");
    expect(parseReport({ report_meta: {} }).meta.title).toBe("Report");
  });

  it("carries report_meta.sample_edition as meta.sampleEdition, false when absent", () => {
    expect(parseReport({ report_meta: { sample_edition: true } }).meta.sampleEdition).toBe(true);
    expect(parseReport({ report_meta: { sample_edition: false } }).meta.sampleEdition).toBe(false);
    expect(parseReport(minimalA).meta.sampleEdition).toBe(false);
    expect(parseReport({ title: "Legacy" }).meta.sampleEdition).toBe(false);
    const err = rejection({ report_meta: { sample_edition: "yes" } }, ["A"]);
    expect(err.code).toBe("INVALID_REPORT");
    expect(err.issues.map((i) => i.path)).toContain("report_meta.sample_edition");
  });

  it("carries report_meta.list_warning as meta.listWarning, null when absent or blank", () => {
    expect(parseReport({ report_meta: { list_warning: " STALE LIST " } }).meta.listWarning).toBe(
      "STALE LIST",
    );
    expect(parseReport({ report_meta: { list_warning: "" } }).meta.listWarning).toBeNull();
    expect(parseReport(minimalA).meta.listWarning).toBeNull();
    expect(parseReport({ title: "Legacy" }).meta.listWarning).toBeNull();
    for (const bad of [42, "x".repeat(301)]) {
      const err = rejection({ report_meta: { list_warning: bad } }, ["A"]);
      expect(err.code).toBe("INVALID_REPORT");
      expect(err.issues.map((i) => i.path)).toContain("report_meta.list_warning");
    }
  });

  it("refuses report_meta.provenance at its path: only the service decides what a document vouches for", () => {
    const forged = {
      report_meta: {
        title: "OFAC Wallet Screening Report",
        provenance: { kind: "verified", fingerprint: "0".repeat(64) },
      },
    };
    const err = rejection(forged, ["A"]);
    expect(err.code).toBe("INVALID_REPORT");
    expect(err.issues).toContainEqual(
      expect.objectContaining({ path: "report_meta.provenance", message: PROVENANCE_REFUSAL }),
    );
    // A report without it normalizes with none: normalization never sets provenance.
    expect(parseReport(minimalA).meta.provenance).toBeUndefined();
  });

  it("maps object rows by column name and keeps array rows in column order", () => {
    const r = parseReport({
      report_meta: {},
      tables: {
        per_wallet_exposure: {
          columns: ["address", "screening_status", "future_hit_probability"],
          rows: [
            { address: "0xabc", future_hit_probability: 0.25, screening_status: "clear" },
            ["T123", "match", 1],
          ],
        },
      },
    });
    expect(r.tables[0]).toEqual({
      key: "per_wallet_exposure",
      title: "Per wallet exposure",
      columns: ["address", "screening_status", "future_hit_probability"],
      rows: [
        ["0xabc", "clear", 0.25],
        ["T123", "match", 1],
      ],
      columnLabels: ["Address", "Screening status", "Future hit probability"],
      // "0xabc" is no wallet address: the column stays text.
      columnKinds: ["text", "status", "probability"],
    });
    expect(r.degradations).toEqual([]);
  });

  it("reports cells it cannot place as degradations instead of dropping them silently", () => {
    const r = parseReport({
      report_meta: {},
      tables: { t: { columns: ["a", "b"], rows: [{ a: 1, zzz: 2 }, [1, 2, 3]] } },
    });
    expect(r.tables[0]?.rows).toEqual([
      [1, null],
      [1, 2],
    ]);
    expect(r.degradations.map((d) => d.path)).toEqual(["tables.t.rows", "tables.t.rows"]);
    expect(r.degradations[0]?.reason).toMatch(/zzz/);
  });

  it("keeps summary, metrics, workbook sheets and result", () => {
    const r = parseReport({
      report_meta: { title: "x" },
      executive_summary: ["One.", " ", "Two."],
      headline_metrics: [
        { label: "Match count", value: 3 },
        { label: "Rate", value: 0.5, unit: "%" },
      ],
      export_artifacts: {
        workbook_rows: {
          export: [
            { a: 1, b: "x" },
            { b: "y", c: true },
          ],
        },
      },
      result: { status: "ok", nested: { k: 1 } },
    });
    expect(r.summary).toEqual(["One.", "Two."]);
    expect(r.metrics).toEqual([
      { label: "Match count", value: 3, unit: null, kind: "count" },
      { label: "Rate", value: 0.5, unit: "%", kind: "percent" },
    ]);
    expect(r.workbook[0]).toMatchObject({
      key: "export",
      columns: ["a", "b", "c"],
      rows: [
        [1, "x", null],
        [null, "y", true],
      ],
    });
    expect(r.tables.find((t) => t.key === "result")?.rows).toEqual([
      ["status", "ok"],
      ["nested", '{"k":1}'],
    ]);
  });
});

describe("parseReport: chart hints", () => {
  const tables = {
    dist: {
      columns: ["hits", "probability", "cumulative"],
      rows: [
        [0, 0.6, 0.6],
        [1, 0.3, 0.9],
        [2, 0.1, 1],
      ],
    },
  };

  it("draws a chart from a table's columns", () => {
    const r = parseReport({
      report_meta: {},
      tables,
      chart_hints: [{ type: "bar", title: "Hits", table: "dist", x: "hits", y: "probability" }],
    });
    expect(r.charts).toEqual([
      {
        type: "bar",
        title: "Hits",
        labels: ["0", "1", "2"],
        series: [{ name: "probability", values: [0.6, 0.3, 0.1] }],
        xLabel: "hits",
        yLabel: "probability",
        // The drawn column's kind: its axis reads 0–100%.
        yKind: "probability",
        source: "chart_hints[0]",
      },
    ]);
  });

  it("takes what the values are from y_kind, and reports a y_kind that is not a kind", () => {
    const r = parseReport({
      report_meta: {},
      chart_hints: [
        {
          title: "P",
          labels: ["a"],
          series: [{ name: "p", values: [0.5] }],
          y_kind: "probability",
        },
        { title: "Q", labels: ["a"], series: [{ name: "q", values: [2] }], y_kind: "odds" },
      ],
    });
    expect(r.charts.map((c) => c.yKind)).toEqual(["probability", undefined]);
    expect(r.degradations).toEqual([
      { path: "chart_hints[1].y_kind", reason: "not a value kind; drawn as numbers" },
    ]);
  });

  it("draws a chart from inline labels and series, several series allowed", () => {
    const r = parseReport({
      report_meta: {},
      chart_hints: [
        {
          type: "line",
          title: "Lift",
          labels: [1, 2],
          series: [
            { name: "optimized", values: [1, 2] },
            { name: "naive", values: [0.5, null] },
          ],
        },
      ],
    });
    expect(r.charts[0]?.series).toEqual([
      { name: "optimized", values: [1, 2] },
      { name: "naive", values: [0.5, null] },
    ]);
  });

  it("draws an unknown chart type as a bar chart and says so", () => {
    const r = parseReport({
      report_meta: {},
      tables,
      chart_hints: [{ type: "pie", table: "dist", x: "hits", y: "probability" }],
    });
    expect(r.charts[0]?.type).toBe("bar");
    expect(r.degradations).toEqual([
      { path: "chart_hints[0].type", reason: expect.stringMatching(/"pie" is not supported/) },
    ]);
  });

  it("leaves out a chart without data, with the reason", () => {
    const r = parseReport({
      report_meta: {},
      tables,
      chart_hints: [
        { type: "bar", table: "nope" },
        { type: "line", table: "dist", x: "hits", y: "missing" },
      ],
    });
    expect(r.charts).toEqual([]);
    expect(r.degradations.map((d) => d.reason)).toEqual([
      expect.stringMatching(/no table named "nope"/),
      expect.stringMatching(/no column "missing"/),
    ]);
  });
});

describe("parseReport: the legacy payload (variant B)", () => {
  it("normalizes title, subtitle, summary and sections", () => {
    const r = parseReport({
      title: "Memo",
      subtitle: "Sub",
      summary: "All clear.",
      sections: [
        { heading: "Scope", body: "Para 1", text: "Para 2", bullets: ["a", "b"] },
        {
          title: "Evidence",
          table: [
            { wallet: "0x1", status: "clear" },
            { wallet: "0x2", note: "x" },
          ],
        },
      ],
    });
    expect(r.variant).toBe("B");
    expect(r.meta.title).toBe("Memo");
    expect(r.meta.subtitle).toBe("Sub");
    expect(r.summary).toEqual(["All clear."]);
    expect(r.sections[0]).toEqual({
      heading: "Scope",
      paragraphs: ["Para 1", "Para 2"],
      bullets: ["a", "b"],
      table: null,
    });
    expect(r.sections[1]?.heading).toBe("Evidence");
    expect(r.sections[1]?.table).toMatchObject({
      columns: ["wallet", "status", "note"],
      rows: [
        ["0x1", "clear", null],
        ["0x2", null, "x"],
      ],
    });
  });
});

describe("parseReport rejects, with the path of every problem", () => {
  it.each([
    ["a string", "report"],
    ["an array", [minimalA]],
    ["null", null],
  ])("a body that is %s", (_label, input) => {
    const err = rejection(input);
    expect(err.code).toBe("INVALID_REPORT");
    expect(err.issues[0]?.path).toBe("");
  });

  it("a body with neither report_meta nor title", () => {
    const err = rejection({ tables: {} });
    expect(err.code).toBe("INVALID_REPORT");
    expect(err.message).toMatch(/report_meta required.*title required/);
  });

  it("a body that is both variants", () => {
    expect(rejection({ report_meta: {}, title: "x" }).code).toBe("AMBIGUOUS_REPORT");
  });

  it("the legacy payload where only the shared model is accepted (DOCX, XLSX)", () => {
    const err = rejection({ title: "Memo" }, ["A"]);
    expect(err.code).toBe("UNSUPPORTED_VARIANT");
    expect(err.issues).toEqual([{ path: "report_meta", message: "required" }]);
  });

  it.each([
    [
      "a table cell that is an object",
      { report_meta: {}, tables: { t: { columns: ["a"], rows: [{ a: { x: 1 } }] } } },
      "tables.t.rows[0]",
    ],
    [
      "a headline metric without a label",
      { report_meta: {}, headline_metrics: [{ value: 1 }] },
      "headline_metrics[0].label",
    ],
    ["a non-string title", { report_meta: { title: 5 } }, "report_meta.title"],
    [
      "a table without columns",
      { report_meta: {}, tables: { t: { rows: [] } } },
      "tables.t.columns",
    ],
    [
      "a summary that is not a list",
      { report_meta: {}, executive_summary: "text" },
      "executive_summary",
    ],
    [
      "NaN passed by a library caller",
      { report_meta: {}, headline_metrics: [{ label: "x", value: Number.NaN }] },
      "headline_metrics[0].value",
    ],
    [
      "Infinity in a row",
      { report_meta: {}, tables: { t: { columns: ["a"], rows: [[Number.POSITIVE_INFINITY]] } } },
      "tables.t.rows[0]",
    ],
    [
      "a legacy section bullet that is a number",
      { title: "x", sections: [{ bullets: [1] }] },
      "sections[0].bullets[0]",
    ],
  ])("%s", (_label, input, path) => {
    const err = rejection(input);
    expect(err.code).toBe("INVALID_REPORT");
    expect(err.issues.map((i) => i.path)).toContain(path);
  });

  it("an over-long text field", () => {
    const err = rejection({ report_meta: { title: "x".repeat(20_001) } });
    expect(err.issues[0]).toMatchObject({
      path: "report_meta.title",
      message: "title must be at most 20000 characters; got 20001",
    });
  });
});
