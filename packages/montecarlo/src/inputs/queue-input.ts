import { boundedArray, objectMessage } from "@svc/report-model";
import * as v from "valibot";
import {
  AddressSchema,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_ITERATIONS,
  integerIn,
  nonNegative,
  RelationshipTierSchema,
  ruleMessage,
  sharedEntries,
  stringOf,
  walletMetadataEntries,
} from "./fields.js";
import { InputError, type InputIssue } from "./input-error.js";
import { refuseArrayBody, throwIfAny } from "./throw-if-any.js";

const MAX_REVIEW_ITEMS = 500;

export const QUEUE_OBJECTIVES = [
  "minimize_residual_risk",
  "maximize_expected_recall",
  "maximize_caught_hits",
] as const;
export type QueueObjective = (typeof QUEUE_OBJECTIVES)[number];
const DEFAULT_QUEUE_OBJECTIVE: QueueObjective = "minimize_residual_risk";

const reviewItemEntries = {
  address: AddressSchema,
  exposure_usd: nonNegative("exposure_usd", "Exposure to the wallet in US dollars."),
  relationship_tier: RelationshipTierSchema,
  current_queue_position: v.optional(
    integerIn(
      "current_queue_position",
      1,
      undefined,
      "Position in the current queue, 1 is first; the naive baseline order.",
    ),
  ),
  ...walletMetadataEntries,
  label: v.optional(
    v.pipe(stringOf("label", 200), v.description("Reviewer-facing label of the item.")),
  ),
};

const ReviewItemSchema = v.pipe(
  v.strictObject(reviewItemEntries, objectMessage("each review item", reviewItemEntries)),
  v.description("A wallet awaiting review."),
);

/** The body of the review-queue optimizer (POST /api/workflows/compliance/queue-optimize). Cross-field rules are checked by `parseQueueInput`. */
const queueEntries = {
  // A queue holds 1 to 500 items; the count is checked before any item.
  review_items: boundedArray(ReviewItemSchema, {
    name: "review_items",
    min: 1,
    max: MAX_REVIEW_ITEMS,
    description: "Wallets awaiting review, 1 to 500, each address once.",
  }),
  review_budget: integerIn(
    "review_budget",
    1,
    undefined,
    "Items a reviewer can handle in the next window, ≥ 1; a budget above the number of items is clamped to it.",
  ),
  objective: v.optional(
    v.pipe(
      v.picklist(
        QUEUE_OBJECTIVES,
        ruleMessage("objective", `must be one of ${QUEUE_OBJECTIVES.join(", ")}`),
      ),
      v.description(`Ranking objective; default ${DEFAULT_QUEUE_OBJECTIVE}.`),
    ),
  ),
  ...sharedEntries,
};

export const QueueOptimizeInputSchema = v.pipe(
  v.strictObject(queueEntries, objectMessage("the body", queueEntries)),
  v.description(
    "Input of the review-queue optimizer (POST /api/workflows/compliance/queue-optimize).",
  ),
);

export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>;

/** The parsed input: addresses trimmed, budget clamped to the item count, defaults filled. */
export type QueueInput = Omit<
  v.InferOutput<typeof QueueOptimizeInputSchema>,
  "horizon_days" | "iterations" | "objective"
> & { horizon_days: number; iterations: number; objective: QueueObjective };

/** Duplicate addresses and duplicate queue positions, each at its second occurrence. */
function queueCrossFieldIssues(input: QueueInput): InputIssue[] {
  const issues: InputIssue[] = [];
  const addresses = new Set<string>();
  const positions = new Map<number, number>();
  input.review_items.forEach((item, i) => {
    if (addresses.has(item.address)) {
      issues.push({
        path: `review_items[${i}].address`,
        message: `duplicate address ${item.address}`,
      });
    }
    addresses.add(item.address);
    const position = item.current_queue_position;
    if (position === undefined) return;
    const first = positions.get(position);
    if (first !== undefined) {
      issues.push({
        path: `review_items[${i}].current_queue_position`,
        message: `duplicate current_queue_position ${position} (also review_items[${first}])`,
      });
    } else positions.set(position, i);
  });
  return issues;
}

/** Validates a review-queue optimizer body; returns it normalized or throws an `InputError` (at most 20 issues
 *  listed, the rest counted). */
export function parseQueueInput(input: unknown): QueueInput {
  refuseArrayBody(input);
  const result = v.safeParse(QueueOptimizeInputSchema, input, { abortPipeEarly: true });
  if (!result.success) throw InputError.of(result.issues);
  const raw = result.output;
  const parsed: QueueInput = {
    ...raw,
    review_items: raw.review_items.map((item) => ({ ...item, address: item.address.trim() })),
    review_budget: Math.min(raw.review_budget, raw.review_items.length),
    objective: raw.objective ?? DEFAULT_QUEUE_OBJECTIVE,
    horizon_days: raw.horizon_days ?? DEFAULT_HORIZON_DAYS,
    iterations: raw.iterations ?? DEFAULT_ITERATIONS,
  };
  throwIfAny(queueCrossFieldIssues(parsed));
  return parsed;
}
