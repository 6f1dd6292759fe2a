import type {
  ChartHintInput,
  MetricInput,
  TableInput,
  WireRow,
  WireScalar,
} from "@svc/report-model";
import type { ScenarioEstimate } from "./estimate.js";
import type { CompiledScenario } from "./model.js";

/** The decision block of every analysis; members that do not apply are null. */
export interface ScenarioDecision {
  readonly preferred_option: string | null;
  readonly outperformance_probability: number | null;
  readonly expected_gap: number | null;
  readonly uplift: number | null;
  readonly summary: string;
}

/** What one analysis type computes; `runScenarioAnalysis` adds what all reports share. */
export interface AnalysisParts {
  /** Simulated runs drawn (runs shared by several variants count once). */
  readonly simulations_run: number;
  readonly result: Record<string, unknown>;
  readonly decision: ScenarioDecision;
  /** Executive summary paragraphs, the decision summary first. */
  readonly summary: string[];
  readonly metrics: MetricInput[];
  /** Rows of `scenario_summary`. */
  readonly estimates: ScenarioEstimate[];
  /** The scenarios whose parameters go to the `parameters` sheet. */
  readonly scenarios: { label: string; scenario: CompiledScenario }[];
  /** Type-specific rows of `assumptions`. */
  readonly assumptions: Record<string, WireScalar>;
  readonly tables: Record<string, TableInput>;
  readonly charts: ChartHintInput[];
  readonly workbook?: Record<string, WireRow[]>;
}

/** A decision with only a summary. */
export const summaryOnly = (summary: string): ScenarioDecision => ({
  preferred_option: null,
  outperformance_probability: null,
  expected_gap: null,
  uplift: null,
  summary,
});

/** 0.4567 → "45.7%". */
export const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;

/** A number to 4 significant digits, for prose. */
export const num = (x: number): string => String(Number(x.toPrecision(4)));

/** "45.7% (95% interval 44.1%–47.3%)". */
export const withInterval = (e: { probability: number; interval: { low: number; high: number } }) =>
  `${pct(e.probability)} (95% interval ${pct(e.interval.low)}–${pct(e.interval.high)})`;
