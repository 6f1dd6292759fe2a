import type { Logger } from "pino";
import { serviceLog } from "../service-log.js";

/** The service's logger writing into `lines`, each line parsed (tests read what was logged). */
export function memoryLog(lines: Record<string, unknown>[]): Logger {
  return serviceLog({ write: (line: string) => lines.push(JSON.parse(line)) });
}
