export {
  type ChartHintInput,
  chartOfSeries,
  chartOfTable,
  type MetricInput,
  metric,
  type ReportMetaInput,
  type ReportParts,
  reportModel,
  type TableInput,
  tableFromRecords,
  withListWarning,
  withSampleEdition,
} from "./build/builders.js";
export {
  clipText,
  type IssueList,
  listIssues,
  MAX_ISSUE_TEXT,
  MAX_LISTED_ISSUES,
} from "./errors/issue-list.js";
export {
  type ReportIssue,
  ReportModelError,
  type ReportModelErrorCode,
} from "./errors/report-model-error.js";
export { formatScalar } from "./model/format-scalar.js";
export type {
  ChartSeries,
  ChartType,
  Degradation,
  Report,
  ReportChart,
  ReportMeta,
  ReportMetric,
  ReportSection,
  ReportTable,
  Scalar,
} from "./model/report.js";
export { SAMPLE_EDITION_BANNER } from "./model/report.js";
export { SUPPORTED_CHART_TYPES } from "./normalize/chart-hints.js";
export { humanize } from "./normalize/humanize.js";
export { normalizeReportMeta } from "./normalize/normalize-meta.js";
export { normalizeLegacyReport, normalizeReportModel } from "./normalize/normalize-model.js";
export {
  type ParseReportOptions,
  parseReport,
  type ReportVariant,
} from "./normalize/parse-report.js";
export {
  boundedArray,
  boundedRecord,
  publishedSchemaOf,
  type SizeBounds,
} from "./schema/bounded-schemas.js";
export { issuePath } from "./schema/issue-path.js";
export {
  type JsonSchema,
  jsonSchemaOf,
  legacyReportJsonSchema,
  reportInputJsonSchema,
  reportModelJsonSchema,
} from "./schema/json-schemas.js";
export {
  ChartHintSchema,
  HeadlineMetricSchema,
  type LegacyReport,
  type LegacyReportInput,
  LegacyReportSchema,
  LegacySectionSchema,
  ReportMetaSchema,
  type ReportModel,
  type ReportModelInput,
  ReportModelSchema,
  type ReportToolInput,
  ReportToolInputSchema,
  RowSchema,
  ScalarSchema,
  TableSchema,
  type WireRow,
  type WireScalar,
} from "./schema/wire-schemas.js";
