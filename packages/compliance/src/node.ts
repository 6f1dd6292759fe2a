/** Edges that touch files, the network and worker threads: the runtime a process starts. */

export {
  logRuntimeEvent,
  /** @public */ type RuntimeEventLog,
} from "./runtime/log-runtime-event.js";
export {
  type ComplianceRuntime,
  type RuntimeEvent,
  /** @public */ type RuntimeOptions,
  startComplianceRuntime,
} from "./runtime/start-runtime.js";
