// What the apps, the MCP server, the docs, the benches and the README use; the rest stays inside
// the package.

export {
  type Attest,
  type AttestationSigning,
  attesterFor,
  authorizationPayment,
  type PaymentAuthorization,
  paymentAttester,
} from "./attestation/attest.js";
export { ATTESTATION_PATHS } from "./attestation/attestation-paths.js";
export type { AnyOperation } from "./catalog/any-operation.js";
export { CATALOG } from "./catalog/catalog.js";
export type { ComplianceDeps } from "./catalog/deps.js";
export {
  defineOperation,
  type Operation,
  // Named by the declarations of what service-docs derives from the catalog.
  /** @public */ type OperationCategory,
} from "./catalog/operation.js";
export {
  type ScreeningEvidence,
  type ServedScreening,
  servedRecordOf,
} from "./evidence/screening-evidence.js";
export {
  DRY_RUN_MAX_BYTES,
  DRY_RUN_RATE_LIMIT,
  /** @public */ type DryRunAnswer,
  dryRun,
} from "./execution/dry-run.js";
export type { Answer, Executable, RunContext } from "./execution/executable.js";
export { execute, executeJson } from "./execution/execute.js";
export { /** @public */ deadlineOf } from "./execution/run-within-deadline.js";
export { takeTurn } from "./execution/take-turn.js";
export { classifyFailure, invalidInput } from "./failures/classify-failure.js";
export type { Failure } from "./failures/failure.js";
export { everyOf, FAILURE_CODES } from "./failures/failure-codes.js";
export {
  // Named by the declarations of what service-docs derives from the list status.
  /** @public */ type ListStatus,
  type ListStatusAnswer,
  ListStatusAnswerSchema,
  listStatusOf,
} from "./list/list-status.js";
export { RenderedPartEntries, ReportAnswerSchema } from "./operations/answer-parts.js";
export {
  DOCUMENT_DEADLINE_MS,
  renderReportModel,
} from "./operations/documents/document-answer.js";
export { DOCUMENT_SOURCE } from "./operations/documents/document-source.js";
export { DOCUMENT_BODY_PREPARER } from "./operations/documents/prepare-document-body.js";
export { reportDocxGenerate } from "./operations/documents/report-docx-generate.js";
export { reportPdfGenerate } from "./operations/documents/report-pdf-generate.js";
export { reportXlsxGenerate } from "./operations/documents/report-xlsx-generate.js";
// The paid monitoring operations, each also an MCP tool of the hosted server.
export { createMonitor } from "./operations/monitoring/create-monitor.js";
export { extendMonitor } from "./operations/monitoring/extend-monitor.js";
export type {
  MadeMonitor,
  MonitorDeps,
  MonitorScreening,
} from "./operations/monitoring/monitor-deps.js";
export {
  MAX_MONITOR_ADDRESSES,
  MONITOR_PERIOD_DAYS,
  MONITOR_PRICE_SENTENCE,
} from "./operations/monitoring/monitor-pricing.js";
export { screeningSummary } from "./operations/monitoring/monitor-screening.js";
// The monitoring report, for the monitors' report route (GET /api/monitors/:id/report).
export {
  /** @public */ MONITORING_REPORT_ROWS,
  /** @public */ type MonitoringReportOptions,
  /** @public */ monitoringReport,
} from "./operations/monitoring/monitoring-report.js";
export {
  /** @public */ type EventDelivery,
  /** @public */ type MonitoredAddress,
  /** @public */ type MonitoringEvent,
  /** @public */ type MonitoringReportInput,
  /** @public */ monitoringEvents,
} from "./operations/monitoring/monitoring-report-input.js";
export { WalletReportAnswerSchema } from "./operations/screening/answer-schemas.js";
export { batchWalletScreen } from "./operations/screening/batch-wallet-screen.js";
export { EDD_OUTPUT_FORMATS } from "./operations/screening/edd-case.js";
export { EddReportInputSchema, eddReport } from "./operations/screening/edd-report.js";
export {
  MAX_BATCH_ADDRESSES,
  outputFormatField,
  strictInput,
} from "./operations/screening/input-fields.js";
export { ofacWalletScreen } from "./operations/screening/ofac-wallet-screen.js";
export { withByline } from "./operations/screening/report-byline.js";
export { screeningInstant } from "./operations/screening/screening-instant.js";
export {
  WalletSanctionsReportInputSchema,
  walletSanctionsReport,
} from "./operations/screening/wallet-sanctions-report.js";
export { exposureForecast } from "./operations/workflows/exposure-forecast.js";
export { queueOptimize } from "./operations/workflows/queue-optimize.js";
