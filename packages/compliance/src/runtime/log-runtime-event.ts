import type { RuntimeEvent } from "./start-runtime.js";

/** The two levels the runtime's events are logged at; a pino logger is one. */
export interface RuntimeEventLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The events that are warnings: the service goes on with what it has. */
const WARNINGS: ReadonlySet<RuntimeEvent["type"]> = new Set([
  "refresh-failed",
  "history-failed",
  "coordination-failed",
]);

/**
 * The runtime's events (the list loaded, refreshed or stored; the history chosen) as log lines of
 * every host alike: the message is `list.<type>`, the rest of the event its fields; a failed
 * refresh or history, or a replica that could not tell or hear the others, is a warning (the
 * service goes on with what it has).
 */
export const logRuntimeEvent =
  (log: RuntimeEventLog) =>
  ({ type, ...fields }: RuntimeEvent): void => {
    if (WARNINGS.has(type)) log.warn(fields, `list.${type}`);
    else log.info(fields, `list.${type}`);
  };
