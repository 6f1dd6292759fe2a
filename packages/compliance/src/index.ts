export type { AnyOperation } from "./catalog/any-operation.js";
export { CATALOG } from "./catalog/catalog.js";
export type { ComplianceDeps } from "./catalog/deps.js";
export { defineOperation, type Operation, type OperationCategory } from "./catalog/operation.js";
export { classifyFailure, type Failure, invalidInput } from "./failures/classify-failure.js";
export * from "./operations/documents/index.js";
export * from "./operations/screening/index.js";
export * from "./operations/workflows/index.js";
