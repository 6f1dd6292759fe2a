/** A running endpoint for the suite: its MCP URL (on loopback) and how to stop it. */
export interface Target {
  readonly mcpUrl: string;
  stop(): Promise<void>;
}

/**
 * One test per server scenario of the suite against the endpoint `start` brings up (once, for
 * the file), judged against `expectedFailuresFile`; skipped, saying why, on Node < 22.
 */
export function describeConformance(
  title: string,
  expectedFailuresFile: URL,
  start: () => Promise<Target>,
): void;
