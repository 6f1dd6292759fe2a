import * as v from "valibot";
import { screeningAnswerSchema } from "../answer-parts.js";

const TargetSchema = v.object({ operator: v.string(), k: v.number() });

/** How the forecast was made: the history it was fitted on and how far to trust it. */
const ForecastModelSchema = v.looseObject({
  history_basis: v.string(),
  model_confidence: v.picklist(["standard", "low"]),
});

const ScreeningStatusSchema = v.picklist(["match", "clear"]);

/** The SDN party a wallet is linked to by its `linked_sdn_entry` (an extension), or null. */
const LinkedPartySchema = v.nullable(
  v.looseObject({
    entry_id: v.string(),
    profile_id: v.string(),
    name: v.nullable(v.string()),
  }),
);

/** The answer of the exposure forecast. */
export const ExposureForecastAnswerSchema = screeningAnswerSchema(
  v.looseObject({
    summary: v.looseObject({
      target_probability: v.number(),
      p50_expected_hits: v.number(),
      p90_expected_hits: v.number(),
      current_matches: v.number(),
      wallets: v.number(),
      horizon_days: v.number(),
      target: TargetSchema,
    }),
    target: v.looseObject({ ...TargetSchema.entries, probability: v.number() }),
    forecast_model: v.looseObject({
      ...ForecastModelSchema.entries,
      model_confidence_reason: v.string(),
    }),
    per_wallet: v.array(
      v.looseObject({
        address: v.string(),
        screening_status: ScreeningStatusSchema,
        future_hit_probability: v.number(),
        hazard_source: v.picklist(["base_hazard", "linked_party"]),
        linked_party: LinkedPartySchema,
      }),
    ),
  }),
);

/** The answer of the review-queue optimizer. */
export const QueueOptimizeAnswerSchema = screeningAnswerSchema(
  v.looseObject({
    summary: v.looseObject({
      expected_caught_hits_under_optimized_order: v.number(),
      expected_caught_hits_under_naive_order: v.number(),
      review_budget: v.number(),
      items: v.number(),
      current_matches: v.number(),
      objective: v.string(),
      horizon_days: v.number(),
    }),
    review_queue: v.array(
      v.looseObject({
        rank: v.number(),
        address: v.string(),
        screening_status: ScreeningStatusSchema,
        within_budget: v.boolean(),
        linked_party: LinkedPartySchema,
      }),
    ),
    forecast_model: ForecastModelSchema,
  }),
);
