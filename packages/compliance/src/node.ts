/** Edges that touch files, the network and worker threads: the runtime a process starts. */

export { logRuntimeEvent, type RuntimeEventLog } from "./runtime/log-runtime-event.js";
export {
  type ComplianceRuntime,
  type RuntimeEvent,
  type RuntimeOptions,
  startComplianceRuntime,
} from "./runtime/start-runtime.js";
export {
  chooseHistory,
  choosePartyHistory,
  MIN_STORED_SPAN_DAYS,
  storedGrowth,
  storedPartyHistory,
} from "./runtime/stored-history.js";
