import { inferValueKind } from "../kinds/infer-value-kind.js";
import { fieldValueRowKinds } from "../kinds/table-kinds.js";
import type { Degradation, Report, ReportTable, Scalar } from "../model/report.js";
import type { LegacyReport, ReportModel } from "../schema/wire-schemas.js";
import { normalizeChartHint } from "./chart-hints.js";
import { firstText } from "./first-text.js";
import { normalizeReportMeta } from "./normalize-meta.js";
import { normalizeSignOff } from "./normalize-sign-off.js";
import { normalizeTable } from "./normalize-table.js";
import { reportAttestation } from "./report-attestation.js";

const isScalar = (v: unknown): v is Scalar =>
  v === null ||
  typeof v === "string" ||
  typeof v === "boolean" ||
  (typeof v === "number" && Number.isFinite(v));

/** `result` as a two-column table: scalars as they are, anything nested as compact JSON. */
function resultTable(result: Record<string, unknown>): ReportTable | undefined {
  const rows = Object.entries(result).map(([k, v]): Scalar[] => [
    k,
    isScalar(v) ? v : JSON.stringify(v),
  ]);
  return rows.length === 0
    ? undefined
    : {
        key: "result",
        title: "Result",
        columns: ["field", "value"],
        rows,
        columnLabels: ["Field", "Value"],
        columnKinds: ["status", "text"],
        rowKinds: fieldValueRowKinds(rows),
      };
}

/** Variant A → the normalized report. */
export function normalizeReportModel(model: ReportModel): Report {
  const degradations: Degradation[] = [];
  const tables = Object.entries(model.tables ?? {}).map(([key, t]) =>
    normalizeTable(key, t.columns, t.rows, `tables.${key}`, degradations, {
      labels: t.column_labels,
      kinds: t.column_kinds,
    }),
  );
  const result = model.result === undefined ? undefined : resultTable(model.result);
  const workbook = Object.entries(model.export_artifacts?.workbook_rows ?? {}).map(([key, rows]) =>
    normalizeTable(key, [], rows, `export_artifacts.workbook_rows.${key}`, degradations),
  );
  const charts = (model.chart_hints ?? []).flatMap((hint, i) => {
    const chart = normalizeChartHint(hint, i, tables, degradations);
    return chart === undefined ? [] : [chart];
  });
  return {
    variant: "A",
    meta: normalizeReportMeta(model.report_meta),
    summary: (model.executive_summary ?? []).filter((p) => p.trim() !== ""),
    metrics: (model.headline_metrics ?? []).map((m) => {
      const value = m.value ?? null;
      const unit = firstText(m.unit);
      return { label: m.label, value, unit, kind: m.kind ?? inferValueKind(m.label, value, unit) };
    }),
    sections: [],
    tables: result === undefined ? tables : [...tables, result],
    charts,
    workbook,
    attestation: model.attestation === undefined ? null : reportAttestation(model.attestation),
    signOff: model.sign_off === undefined ? null : normalizeSignOff(model.sign_off),
    degradations,
  };
}

/** Variant B (legacy payload) → the normalized report. */
export function normalizeLegacyReport(legacy: LegacyReport): Report {
  const degradations: Degradation[] = [];
  const sections = (legacy.sections ?? []).map((s, i) => {
    const heading = firstText(s.heading, s.title);
    return {
      heading,
      paragraphs: [s.body, s.text].filter(
        (p): p is string => typeof p === "string" && p.trim() !== "",
      ),
      bullets: (s.bullets ?? []).filter((b) => b.trim() !== ""),
      table:
        s.table === undefined || s.table.length === 0
          ? null
          : normalizeTable(`section_${i + 1}`, [], s.table, `sections[${i}].table`, degradations, {
              title: heading ?? `Section ${i + 1}`,
            }),
    };
  });
  return {
    variant: "B",
    meta: {
      title: legacy.title,
      subtitle: firstText(legacy.subtitle),
      reportType: null,
      author: null,
      date: null,
      version: null,
      sampleEdition: false,
      listWarning: null,
    },
    summary: firstText(legacy.summary) === null ? [] : [legacy.summary as string],
    metrics: [],
    sections,
    tables: [],
    charts: [],
    workbook: [],
    attestation: null,
    signOff: null,
    degradations,
  };
}
