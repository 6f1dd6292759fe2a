/** Whether the MCP conformance suite runs on this Node (it needs Node >= 22). */
export const SUITE_RUNS: boolean;

/** A scenario the suite is expected to fail against an endpoint, and why. */
export interface ExpectedFailure {
  readonly scenario: string;
  /** Why the failure is not a defect of the server, in a sentence. */
  readonly reason: string;
  /** Text the failed check reports (its message or details): the failure is the one explained. */
  readonly failsWith: string;
}

/** Reads an expected-failures file: a JSON array of `{ scenario, reason, failsWith }`. */
export function readExpectedFailures(file: URL): ExpectedFailure[];

/** The suite's server scenarios, as `conformance list --server` names them (pending ones too). */
export function serverScenarios(): string[];

/** One scenario's run: the suite's verdict (exit 0: no check failed) and what it reported. */
export interface ScenarioRun {
  readonly passed: boolean;
  /** Each failed check, `name: message details`; the suite's output when it wrote none. */
  readonly failures: string[];
}

/** `conformance server --url <url> --scenario <scenario>`, bounded in time. */
export function runScenario(url: string, scenario: string): Promise<ScenarioRun>;

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
