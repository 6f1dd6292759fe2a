import {
  checkedQueueRequest,
  optimizeQueue,
  type QueueOptimization,
  QueueOptimizeInputSchema,
} from "@svc/montecarlo";
import type * as v from "valibot";
import { defineOperation, type Operation } from "../../catalog/operation.js";
import { type ScreeningEnvelope, screeningEnvelope } from "../screening/envelope.js";
import { withListNotices } from "../screening/list-warning.js";
import { withByline } from "../screening/report-byline.js";
import { SCREENING_SOURCE } from "../screening/screening-constants.js";
import { QueueOptimizeAnswerSchema } from "./answer-schemas.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { exposureContext, linkedPartyLookup, prescreen } from "./exposure-context.js";

/** The review items' addresses, as the items give them (the schema has checked their shape). */
const itemAddresses = (items: readonly unknown[] | undefined): unknown[] | undefined =>
  Array.isArray(items)
    ? items.map((item) => (item as { address?: unknown } | null)?.address)
    : undefined;

/** Where a refused item address is named. */
const itemPath = (i: number): string => `review_items[${i}].address`;

/**
 * The review-queue optimizer: the order in which to review wallets so a limited review budget catches the
 * most expected sanctions exposure, with current exact matches always first. Same contract as
 * the exposure forecast: montecarlo's schema is the body schema, its `InputError` (two items on one queue
 * position, a repeated address) and screening's errors propagate, and the report rides beside
 * `data` for the document routes.
 */
export const queueOptimize: Operation<
  v.InferOutput<typeof QueueOptimizeInputSchema>,
  ScreeningEnvelope<QueueOptimization>
> = defineOperation({
  name: "queue_optimize",
  title: "Review-queue optimizer",
  method: "POST",
  path: "/api/workflows/compliance/queue-optimize",
  price: "0.15",
  // A Monte Carlo ranking in memory on the calling thread: 500 review items at the maximum
  // 100,000 iterations take ~0.1 s. Synchronous, like the forecast: discarded if it returns late.
  deadlineMs: 20_000,
  // 500 review items with labels and metadata: about 250 KB.
  maxBodyBytes: 512 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "review-queue", "monte-carlo", "prioritization"],
  description:
    "Ranks up to 500 wallets for manual review within your review budget: current exact OFAC SDN matches first, then by expected sanctioned exposure (or hit probability), compared with your current queue order, with lift, a rationale per wallet and a report ready for PDF, DOCX or XLSX.",
  mimeType: "application/json",
  input: QueueOptimizeInputSchema,
  inputExample: {
    review_items: [
      {
        address: "0x3333333333333333333333333333333333333333",
        exposure_usd: 900,
        relationship_tier: "low",
        current_queue_position: 1,
        label: "Retail customer 1042",
      },
      {
        address: "0x1111111111111111111111111111111111111111",
        exposure_usd: 2_500_000,
        relationship_tier: "critical",
        current_queue_position: 2,
        last_activity_days: 3,
        label: "OTC desk counterparty",
      },
      {
        address: LAZARUS_ETH,
        exposure_usd: 40_000,
        relationship_tier: "standard",
        current_queue_position: 3,
        label: "Inbound deposit wallet",
      },
    ],
    review_budget: 2,
  },
  output: QueueOptimizeAnswerSchema,
  outputExample: {
    success: true,
    data: {
      summary: {
        expected_caught_hits_under_optimized_order: 1.0196645847182368,
        expected_caught_hits_under_naive_order: 0.02065576655387948,
        lift_percent: 4836.464507664218,
        metadata_coverage_percent: 33.333333333333336,
        review_budget: 2,
        items: 3,
        current_matches: 1,
        objective: "minimize_residual_risk",
        horizon_days: 90,
      },
      review_queue: [
        {
          rank: 1,
          address: LAZARUS_ETH,
          label: "Inbound deposit wallet",
          screening_status: "match",
          future_hit_probability: 1,
          within_budget: true,
          naive_rank: 3,
          rationale:
            "Exact OFAC SDN match today (Lazarus Group): review first and hold any movement of funds until a reviewer disposes of it; if confirmed, a blocked-property report to OFAC is due within 10 business days. Moved up from position 3 of the current queue.",
        },
        {
          rank: 2,
          address: "0x1111111111111111111111111111111111111111",
          label: "OTC desk counterparty",
          screening_status: "clear",
          within_budget: true,
          naive_rank: 2,
          rationale:
            "Review in this window: 2% chance of an exact OFAC match within 90 days (10.9× a standard wallet: critical tier, $2.5M exposure, active 3 days ago); expected sanctioned exposure $49.2k.",
        },
        {
          rank: 3,
          address: "0x3333333333333333333333333333333333333333",
          label: "Retail customer 1042",
          screening_status: "clear",
          within_budget: false,
          naive_rank: 1,
        },
      ],
      forecast_model: { history_basis: "snapshot_diff", model_confidence: "standard" },
    },
    report: {
      report_meta: {
        report_type: "compliance-review-queue-optimizer",
        title: "OFAC Review Queue Optimization",
      },
      tables: {
        review_queue: { columns: ["rank", "address", "label", "screening_status", "rationale"] },
      },
    },
    // The file's stem carries the report's date, so the example leaves it out.
    artifacts: { document_endpoints: { pdf: "/api/tools/report/pdf/generate" } },
    source: SCREENING_SOURCE,
  },
  // The run's refusals, in its order: the items' addresses screened, then the engine's checks.
  check: (input, deps) => {
    prescreen(deps, itemAddresses(input.review_items), input.asset, itemPath);
    checkedQueueRequest(input, linkedPartyLookup(deps));
  },
  run: (input, deps) => {
    const addresses = itemAddresses(input.review_items);
    const screened = prescreen(deps, addresses, input.asset, itemPath);
    const { report, ...data } = optimizeQueue(input, exposureContext(deps, screened));
    // The run is synchronous, so the list asked here is the one it screened against.
    const f = deps.list.freshness();
    return screeningEnvelope(data, withByline(withListNotices(report, f)));
  },
});
