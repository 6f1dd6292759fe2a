import { DOCUMENT_OPERATIONS } from "../operations/documents/index.js";
import { MONITORING_OPERATIONS } from "../operations/monitoring/index.js";
import { SCREENING_OPERATIONS } from "../operations/screening/index.js";
import { WORKFLOW_OPERATIONS } from "../operations/workflows/index.js";
import type { AnyOperation } from "./any-operation.js";

export type { AnyOperation } from "./any-operation.js";

/**
 * Every paid operation of the service, in catalog order: screening, workflows, documents, then
 * monitoring.
 */
export const CATALOG: readonly AnyOperation[] = [
  ...SCREENING_OPERATIONS,
  ...WORKFLOW_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...MONITORING_OPERATIONS,
];
