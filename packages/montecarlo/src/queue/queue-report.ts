import {
  chartOfTable,
  metric,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import { percent, round } from "../exposure/format.js";
import type { QueueInput } from "../inputs/queue-input.js";
import type { OrderOutcome, QueueOptimization } from "./queue-types.js";

export const QUEUE_REPORT_TYPE = "compliance-review-queue-optimizer";
export const DEFAULT_QUEUE_TITLE = "OFAC Review Queue Optimization";

const COMPARED: [string, keyof OrderOutcome, number][] = [
  ["Expected caught hits", "expected_caught_hits", 3],
  ["Simulated mean caught hits", "simulated_mean_caught_hits", 3],
  ["Median caught hits (p50)", "p50_caught_hits", 0],
  ["90th percentile caught hits (p90)", "p90_caught_hits", 0],
  ["Expected recall (%)", "expected_recall_percent", 1],
  ["Expected residual risk (USD)", "expected_residual_risk_usd", 0],
];

/** The queue as a shared report model (report type `compliance-review-queue-optimizer`), ready for a document route. */
export function queueReport(q: QueueOptimization, input: QueueInput): ReportModelInput {
  const s = q.summary;
  const c = q.comparison;
  const lift =
    s.lift_percent === null
      ? "n/a (the naive order expects no hit)"
      : `${round(s.lift_percent, 1)}%`;
  const summary = [
    `${s.items} wallets, a budget of ${s.review_budget} reviews, objective ${s.objective}, horizon ${s.horizon_days} days.`,
    s.current_matches === 0
      ? "No wallet is an exact OFAC SDN match today."
      : `${s.current_matches} wallet${s.current_matches === 1 ? " is an exact OFAC SDN match" : "s are exact OFAC SDN matches"} today and ${s.current_matches === 1 ? "is" : "are"} placed first.`,
    `Expected caught hits within the budget: ${round(s.expected_caught_hits_under_optimized_order, 3)} in the optimized order against ${round(s.expected_caught_hits_under_naive_order, 3)} in the current order (lift ${lift}). In ${percent(c.probability_optimized_catches_more.probability)} of simulated futures the optimized order catches more, in ${percent(c.probability_naive_catches_more.probability)} fewer.`,
    `Expected sanctioned exposure left unreviewed: $${round(q.optimized.expected_residual_risk_usd, 0)} optimized against $${round(q.naive.expected_residual_risk_usd, 0)} in the current order.`,
    ...(input.summary_focus ? [`Focus: ${input.summary_focus}`] : []),
    "A statistical ranking to prioritise review, not a legal conclusion; see the limitations.",
  ];
  return reportModel(
    { report_type: QUEUE_REPORT_TYPE, title: input.title ?? DEFAULT_QUEUE_TITLE },
    {
      executive_summary: summary,
      headline_metrics: [
        metric(
          "Expected caught hits (optimized)",
          round(s.expected_caught_hits_under_optimized_order, 3),
        ),
        metric(
          "Expected caught hits (current order)",
          round(s.expected_caught_hits_under_naive_order, 3),
        ),
        metric("Lift", s.lift_percent === null ? null : round(s.lift_percent, 1), "%"),
        metric("Current matches", s.current_matches),
        metric("Review budget", s.review_budget),
        metric("Metadata coverage", round(s.metadata_coverage_percent, 1), "%"),
      ],
      tables: {
        review_queue: tableFromRecords(
          q.review_queue.map((r) => ({
            rank: r.rank,
            address: r.address,
            screening_status: r.screening_status,
            rationale: r.rationale,
          })),
          ["rank", "address", "screening_status", "rationale"],
        ),
        queue_detail: tableFromRecords(
          q.review_queue.map((r) => ({
            rank: r.rank,
            address: r.address,
            label: r.label,
            future_hit_probability: round(r.future_hit_probability, 6),
            risk_weighted_exposure_usd: round(r.risk_weighted_exposure_usd, 2),
            within_budget: r.within_budget,
            naive_rank: r.naive_rank,
          })),
        ),
        baseline_comparison: tableFromRecords(
          COMPARED.map(([label, key, digits]) => ({
            metric: label,
            optimized: round(q.optimized[key], digits),
            current_order: round(q.naive[key], digits),
            difference: round(q.optimized[key] - q.naive[key], digits),
          })),
        ),
        caught_hits: tableFromRecords(
          (
            [
              ["optimized", q.optimized],
              ["current order", q.naive],
            ] as const
          ).map(([order, o]) => ({
            order,
            expected_caught_hits: round(o.expected_caught_hits, 3),
            p90_caught_hits: o.p90_caught_hits,
          })),
        ),
        limitations: tableFromRecords(q.limitations.map((limitation) => ({ limitation }))),
      },
      chart_hints: [
        chartOfTable("bar", "Caught hits within the budget", "caught_hits", "order", [
          "expected_caught_hits",
          "p90_caught_hits",
        ]),
      ],
      result: { summary: s, comparison: c },
    },
  );
}
