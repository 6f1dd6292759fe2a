/** Edges that touch files, the network and worker threads: the runtime a process starts. */
export {
  type ComplianceRuntime,
  type RuntimeOptions,
  startComplianceRuntime,
} from "./runtime/start-runtime.js";
