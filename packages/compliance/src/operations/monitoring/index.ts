import type { AnyOperation } from "../../catalog/any-operation.js";
import { createMonitor } from "./create-monitor.js";
import { extendMonitor } from "./extend-monitor.js";

/** The paid monitoring operations: a monitor made, a period added. */
export const MONITORING_OPERATIONS: readonly AnyOperation[] = [createMonitor, extendMonitor];
