export {
  type ChartAxes,
  type ChartHintInput,
  type ColumnDisplay,
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
export { type RowFinding, rowFindings } from "./findings/row-findings.js";
export {
  EXCEL_NUMBER_FORMATS,
  excelNumberFormat,
  spreadsheetValue,
} from "./format/excel-number-format.js";
export { formatCell, formatMetric, metricKind } from "./format/format-cell.js";
export {
  formatCount,
  formatMoney,
  formatNumber,
  formatPercentUnits,
  formatProbability,
  formatRatio,
} from "./format/format-number.js";
export { formatStatus } from "./format/format-status.js";
export { formatTimestamp } from "./format/format-timestamp.js";
export { formatValue } from "./format/format-value.js";
export { INFERENCE_SAMPLE, inferColumnKind } from "./kinds/infer-column-kind.js";
export { inferValueKind } from "./kinds/infer-value-kind.js";
export { looksLikeAddress, looksLikeHash } from "./kinds/looks-like.js";
export { cellKind, columnKindsOf, isFieldValueTable, rowKindsOf } from "./kinds/table-kinds.js";
export {
  isValueKind,
  VALUE_KIND_TRAITS,
  VALUE_KINDS,
  type ValueKind,
  type ValueKindTraits,
} from "./kinds/value-kind.js";
export { columnLabelsOf } from "./labels/column-labels-of.js";
export { labelOfKey } from "./labels/label-of-key.js";
export { LABEL_WORDS } from "./labels/word-table.js";
export { formatScalar } from "./model/format-scalar.js";
export type { ReportProvenance, ScreeningInstant } from "./model/provenance.js";
export type {
  ChartSeries,
  ChartType,
  Degradation,
  Report,
  ReportAttestation,
  ReportChart,
  ReportMeta,
  ReportMetric,
  ReportSection,
  ReportTable,
  Scalar,
} from "./model/report.js";
export { SAMPLE_EDITION_BANNER } from "./model/report.js";
export {
  type ReportSignOff,
  SIGN_OFF_FINDINGS,
  type SignOffApproval,
  type SignOffDisposition,
  type SignOffFinding,
  type SignOffWallet,
} from "./model/sign-off.js";
export { SUPPORTED_CHART_TYPES } from "./normalize/chart-hints.js";
export { humanize } from "./normalize/humanize.js";
export { normalizeReportMeta } from "./normalize/normalize-meta.js";
export { normalizeLegacyReport, normalizeReportModel } from "./normalize/normalize-model.js";
export { normalizeSignOff } from "./normalize/normalize-sign-off.js";
export {
  type ParseReportOptions,
  parseReport,
  type ReportVariant,
} from "./normalize/parse-report.js";
export { reportAttestation } from "./normalize/report-attestation.js";
export {
  boundedArray,
  boundedRecord,
  publishedAs,
  publishedSchemaOf,
  type SizeBounds,
} from "./schema/bounded-schemas.js";
export { describeJsonSchema, expectedOf } from "./schema/expected.js";
export { issuePath } from "./schema/issue-path.js";
export {
  type JsonSchema,
  jsonSchemaOf,
  legacyReportJsonSchema,
  reportInputJsonSchema,
  reportModelJsonSchema,
} from "./schema/json-schemas.js";
export { objectMessage } from "./schema/object-message.js";
export { receivedType, receivedValue } from "./schema/received.js";
export {
  MAX_SIGN_OFF_DISPOSITIONS,
  type SignOffInput,
  SignOffSchema,
} from "./schema/sign-off-schema.js";
export {
  ChartHintSchema,
  HeadlineMetricSchema,
  type LegacyReport,
  type LegacyReportInput,
  LegacyReportSchema,
  LegacySectionSchema,
  PROVENANCE_REFUSAL,
  ReportMetaSchema,
  type ReportModel,
  type ReportModelInput,
  ReportModelSchema,
  type ReportToolInput,
  ReportToolInputSchema,
  RowSchema,
  ScalarSchema,
  TableSchema,
  ValueKindSchema,
  type WireRow,
  type WireScalar,
} from "./schema/wire-schemas.js";
