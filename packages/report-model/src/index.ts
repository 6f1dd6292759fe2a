export {
  type ChartHintInput,
  chartOfSeries,
  chartOfTable,
  type MetricInput,
  metric,
  reportModel,
  type TableInput,
  tableFromRecords,
  withListWarning,
  withSampleEdition,
} from "./build/builders.js";
export {
  type IssueList,
  listIssues,
} from "./errors/issue-list.js";
export { ReportModelError } from "./errors/report-model-error.js";
export { type RowFinding, rowFindings } from "./findings/row-findings.js";
export {
  excelNumberFormat,
  spreadsheetValue,
} from "./format/excel-number-format.js";
export { formatCell, formatMetric, metricKind } from "./format/format-cell.js";
export {
  formatNumber,
  formatProbability,
} from "./format/format-number.js";
export { formatStatus } from "./format/format-status.js";
export { formatTimestamp } from "./format/format-timestamp.js";
export { formatValue } from "./format/format-value.js";
export { /** @public */ inferColumnKind } from "./kinds/infer-column-kind.js";
export { inferValueKind } from "./kinds/infer-value-kind.js";
export { looksLikeAddress, looksLikeHash } from "./kinds/looks-like.js";
export { cellKind, columnKindsOf, isFieldValueTable, rowKindsOf } from "./kinds/table-kinds.js";
export {
  VALUE_KIND_TRAITS,
  type ValueKind,
  type ValueKindTraits,
} from "./kinds/value-kind.js";
export { columnLabelsOf } from "./labels/column-labels-of.js";
export { labelOfKey } from "./labels/label-of-key.js";
export { /** @public */ formatScalar } from "./model/format-scalar.js";
export type { ReportProvenance, ScreeningInstant } from "./model/provenance.js";
export type {
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
export type {
  ReportSignOff,
  SignOffFinding,
} from "./model/sign-off.js";
export { normalizeReportMeta } from "./normalize/normalize-meta.js";
export {
  parseReport,
  type ReportVariant,
} from "./normalize/parse-report.js";
export {
  boundedArray,
  boundedRecord,
  publishedAs,
} from "./schema/bounded-schemas.js";
export { describeJsonSchema } from "./schema/expected.js";
export { issuePath } from "./schema/issue-path.js";
export {
  type JsonSchema,
  jsonSchemaOf,
  /** @public */ legacyReportJsonSchema,
  /** @public */ reportInputJsonSchema,
  /** @public */ reportModelJsonSchema,
} from "./schema/json-schemas.js";
export { objectMessage } from "./schema/object-message.js";
export { receivedType, receivedValue } from "./schema/received.js";
export {
  type SignOffInput,
  /** @public */ SignOffSchema,
} from "./schema/sign-off-schema.js";
export {
  type LegacyReport,
  LegacyReportSchema,
  PROVENANCE_REFUSAL,
  type ReportModel,
  type ReportModelInput,
  ReportModelSchema,
  type ReportToolInput,
  ReportToolInputSchema,
  type WireRow,
  type WireScalar,
} from "./schema/wire-schemas.js";
