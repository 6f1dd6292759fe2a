import {
  chartOfSeries,
  formatValue,
  metric,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
  type ValueKind,
} from "@svc/report-model";
import { assumptionSentence, atHazard } from "../exposure/assumption-words.js";
import { percent, round, significant } from "../exposure/format.js";
import type { QueueInput } from "../inputs/queue-input.js";
import type { OrderOutcome, QueueOptimization } from "./queue-types.js";

const QUEUE_REPORT_TYPE = "compliance-review-queue-optimizer";
const DEFAULT_QUEUE_TITLE = "OFAC Review Queue Optimization";

/** The compared outcomes: key, column header, kind, rounding digits. */
const COMPARED: [keyof OrderOutcome, string, ValueKind, number][] = [
  ["expected_caught_hits", "Expected caught hits", "number", 3],
  ["p90_caught_hits", "90th percentile caught hits (p90)", "count", 0],
  ["expected_recall_percent", "Expected recall", "percent", 1],
  ["expected_residual_risk_usd", "Expected residual risk", "money", 2],
];

/** What each objective ranks for, in words. */
const OBJECTIVE_WORDS: Readonly<Record<string, string>> = {
  minimize_residual_risk: "the least sanctioned exposure left unreviewed",
  maximize_expected_recall: "the highest expected recall",
  maximize_caught_hits: "the most caught hits",
};

const money = (usd: number): string => formatValue(round(usd, 2), "money");

/**
 * The queue as a shared report model (report type `compliance-review-queue-optimizer`), ready for a document route. */
export function queueReport(q: QueueOptimization, input: QueueInput): ReportModelInput {
  const s = q.summary;
  const c = q.comparison;
  // The lift as a multiplier of the current order's expected caught hits, beside that baseline:
  // a percentage explodes when the current order expects almost no hit.
  const liftRatio = s.lift_percent === null ? null : round(1 + s.lift_percent / 100, 3);
  const naive = round(s.expected_caught_hits_under_naive_order, 3);
  const lift =
    liftRatio === null
      ? "no lift can be stated: the current order expects no hit"
      : `a lift of ${formatValue(liftRatio, "ratio")} over the current order`;
  const m = q.forecast_model;
  const at = atHazard(m.base_hazard);
  const summary = [
    assumptionSentence(m.base_hazard, s.horizon_days),
    `A statistical ranking to prioritise review, not a legal conclusion (see the limitations): ${s.items} wallets, a budget of ${s.review_budget} reviews, ranked for ${OBJECTIVE_WORDS[s.objective] ?? formatValue(s.objective, "status")}, horizon ${s.horizon_days} days. Wallets beyond the budget carry over to the next window; re-rank them when their activity or exposure changes.`,
    s.current_matches === 0
      ? "No wallet is an exact OFAC SDN match today."
      : `${s.current_matches} wallet${s.current_matches === 1 ? " is an exact OFAC SDN match" : "s are exact OFAC SDN matches"} today and ${s.current_matches === 1 ? "is" : "are"} placed first.`,
    `Expected caught hits within the budget: ${round(s.expected_caught_hits_under_optimized_order, 3)} in the optimized order against ${naive} in the current order (${lift}). In ${percent(c.probability_optimized_catches_more.probability)} of simulated futures the optimized order catches more, in ${percent(c.probability_naive_catches_more.probability)} fewer.`,
    `Expected sanctioned exposure left unreviewed (on that hazard): ${money(q.optimized.expected_residual_risk_usd)} in the optimized order against ${money(q.naive.expected_residual_risk_usd)} in the current order.`,
    ...(input.summary_focus ? [`Focus: ${input.summary_focus}`] : []),
  ];
  const labelled = q.review_queue.some((r) => r.label !== null && r.label !== "");
  return reportModel(
    { report_type: QUEUE_REPORT_TYPE, title: input.title ?? DEFAULT_QUEUE_TITLE },
    {
      executive_summary: summary,
      headline_metrics: [
        metric(
          `Expected caught hits (optimized) ${at}`,
          round(s.expected_caught_hits_under_optimized_order, 3),
          undefined,
          "number",
        ),
        metric(`Expected caught hits (current) ${at}`, naive, undefined, "number"),
        metric("Lift over the current order", liftRatio, undefined, "ratio"),
        metric("Current matches (listed today)", s.current_matches, undefined, "count"),
        metric("Review budget", s.review_budget, undefined, "count"),
        metric("Metadata coverage", round(s.metadata_coverage_percent, 1), "%", "percent"),
      ],
      tables: {
        // The caller's own name for each wallet beside its address, where the caller gave any:
        // the reviewer works the queue by it.
        review_queue: tableFromRecords(
          q.review_queue.map((r) => ({
            rank: r.rank,
            address: r.address,
            ...(labelled ? { label: r.label } : {}),
            screening_status: r.screening_status,
            rationale: r.rationale,
          })),
          ["rank", "address", ...(labelled ? ["label"] : []), "screening_status", "rationale"],
          {
            labels: { screening_status: "Status today" },
            kinds: {
              rank: "count",
              address: "address",
              ...(labelled ? { label: "text" } : {}),
              screening_status: "status",
            },
          },
        ),
        queue_detail: tableFromRecords(
          q.review_queue.map((r) => ({
            rank: r.rank,
            address: r.address,
            label: r.label,
            // A wallet listed today is a current match, not a forecast of 100%.
            future_hit_probability:
              r.screening_status === "match" ? null : significant(r.future_hit_probability),
            risk_weighted_exposure_usd: round(r.risk_weighted_exposure_usd, 2),
            within_budget: r.within_budget,
            naive_rank: r.naive_rank,
          })),
          undefined,
          {
            labels: {
              future_hit_probability: `P(new listing within ${s.horizon_days} days)`,
              risk_weighted_exposure_usd: "Risk-weighted exposure",
              naive_rank: "Current position",
            },
            kinds: {
              rank: "count",
              address: "address",
              label: "text",
              future_hit_probability: "probability",
              risk_weighted_exposure_usd: "money",
              within_budget: "boolean",
              naive_rank: "count",
            },
          },
        ),
        // One row per order, one column per outcome, so each column has one kind (money reads
        // as money, recall as a percentage); the chart below draws two of its columns.
        baseline_comparison: tableFromRecords(
          (
            [
              ["Optimized order", (key) => q.optimized[key]],
              ["Current order", (key) => q.naive[key]],
            ] as const satisfies readonly [string, (key: keyof OrderOutcome) => number][]
          ).map(([order, of]) => ({
            order,
            ...Object.fromEntries(
              COMPARED.map(([key, , , digits]) => [key, round(of(key), digits)]),
            ),
          })),
          ["order", ...COMPARED.map(([key]) => key)],
          {
            labels: Object.fromEntries(COMPARED.map(([key, label]) => [key, label])),
            kinds: {
              order: "text",
              ...Object.fromEntries(COMPARED.map(([key, , kind]) => [key, kind])),
            },
          },
        ),
        limitations: tableFromRecords(q.limitations.map((limitation) => ({ limitation }))),
      },
      // The chart's own figures, not a table: the comparison table above already states them.
      chart_hints: [
        chartOfSeries(
          "bar",
          "Caught hits within the budget",
          ["Optimized order", "Current order"],
          [
            {
              name: "Expected caught hits",
              values: [q.optimized, q.naive].map((o) => round(o.expected_caught_hits, 3)),
            },
            {
              name: "90th percentile caught hits",
              values: [q.optimized, q.naive].map((o) => o.p90_caught_hits),
            },
          ],
          { x_label: "Order", y_label: "Caught hits" },
        ),
      ],
    },
  );
}
