export type { AnyOperation } from "./catalog/any-operation.js";
export { CATALOG } from "./catalog/catalog.js";
export type { ComplianceDeps } from "./catalog/deps.js";
export {
  defineOperation,
  type Operation,
  type OperationCategory,
  type RunContext,
} from "./catalog/operation.js";
export { ExecutionTimeoutError } from "./execution/execution-timeout-error.js";
export { deadlineOf, type RunOperationOptions, runOperation } from "./execution/run-operation.js";
export { classifyFailure, type Failure, invalidInput } from "./failures/classify-failure.js";
export { type ListStatus, type ListStatusAnswer, listStatusOf } from "./list/list-status.js";
export * from "./operations/documents/index.js";
export * from "./operations/screening/index.js";
export * from "./operations/workflows/index.js";
