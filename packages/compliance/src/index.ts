export {
  type Attest,
  type AttestationSigning,
  type AttesterOptions,
  attesterFor,
  authorizationPayment,
  type PaymentAuthorization,
  paymentAttester,
  type ScreeningAttestation,
} from "./attestation/attest.js";
export { ATTESTATION_PATHS, attestationUrls } from "./attestation/attestation-paths.js";
export type { AnyOperation } from "./catalog/any-operation.js";
export { CATALOG } from "./catalog/catalog.js";
export type { ComplianceDeps } from "./catalog/deps.js";
export {
  defineOperation,
  type HandleJson,
  type HandleOperation,
  type Operation,
  type OperationCategory,
  type OperationDefinition,
  type OperationInfo,
  type RunContext,
} from "./catalog/operation.js";
export {
  recordScreenings,
  type ScreeningEvidence,
  type ScreeningRecorder,
  type ServedScreening,
  servedRecordOf,
} from "./evidence/screening-evidence.js";
export { ExecutionTimeoutError } from "./execution/execution-timeout-error.js";
export {
  type Admission,
  type Answer,
  type Handled,
  type HandleOptions,
  handleInput,
  handleJson,
} from "./execution/handle-input.js";
export {
  deadlineOf,
  type Runnable,
  type RunOperationOptions,
  runOperation,
} from "./execution/run-operation.js";
export { takeTurn } from "./execution/take-turn.js";
export { classifyFailure, type Failure, invalidInput } from "./failures/classify-failure.js";
export { RefusalError } from "./failures/refusal-error.js";
export {
  type ListStatus,
  type ListStatusAnswer,
  ListStatusAnswerSchema,
  listStatusOf,
} from "./list/list-status.js";
export {
  ArtifactSchema,
  ArtifactSummarySchema,
  RenderedPartEntries,
  ReportAnswerSchema,
  SourceFreshnessSchema,
  screeningAnswerSchema,
} from "./operations/answer-parts.js";
export * from "./operations/documents/index.js";
export * from "./operations/screening/index.js";
export * from "./operations/workflows/index.js";
