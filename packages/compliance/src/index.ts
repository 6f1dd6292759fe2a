// What the apps, the MCP server, the docs, the benches and the README use; the rest stays inside
// the package.

export {
  type Attest,
  type AttestationSigning,
  attesterFor,
  authorizationPayment,
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
export type { Answer, Executable, RunContext } from "./execution/executable.js";
export { execute, executeJson } from "./execution/execute.js";
export { /** @public */ deadlineOf } from "./execution/run-within-deadline.js";
export { takeTurn } from "./execution/take-turn.js";
export { invalidInput } from "./failures/classify-failure.js";
export type { Failure } from "./failures/failure.js";
export {
  // Named by the declarations of what service-docs derives from the list status.
  /** @public */ type ListStatus,
  type ListStatusAnswer,
  ListStatusAnswerSchema,
  listStatusOf,
} from "./list/list-status.js";
export { RenderedPartEntries, ReportAnswerSchema } from "./operations/answer-parts.js";
export {
  DOCUMENT_BODY_PREPARER,
  DOCUMENT_DEADLINE_MS,
  DOCUMENT_SOURCE,
  renderReportModel,
  reportDocxGenerate,
  reportPdfGenerate,
  reportXlsxGenerate,
} from "./operations/documents/index.js";
export {
  batchWalletScreen,
  EDD_OUTPUT_FORMATS,
  EddReportInputSchema,
  eddReport,
  MAX_BATCH_ADDRESSES,
  ofacWalletScreen,
  outputFormatField,
  screeningInstant,
  strictInput,
  WalletReportAnswerSchema,
  WalletSanctionsReportInputSchema,
  walletSanctionsReport,
  withByline,
} from "./operations/screening/index.js";
export { exposureForecast, queueOptimize } from "./operations/workflows/index.js";
