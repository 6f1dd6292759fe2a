export {
  DEFAULT_HORIZON_DAYS,
  DEFAULT_ITERATIONS,
  MAX_ADDRESS_LENGTH,
  MAX_HORIZON_DAYS,
  MAX_ITERATIONS,
  MAX_LIST_ADD_RATE_PER_DAY,
  MAX_POLICY_PRIORITY,
  MIN_HORIZON_DAYS,
  MIN_ITERATIONS,
  RELATIONSHIP_TIERS,
  type RelationshipTier,
} from "./fields.js";
export {
  type AddressMetadata,
  AddressMetadataSchema,
  type ExposureForecastInput,
  ExposureForecastInputSchema,
  type ForecastInput,
  type ForecastTarget,
  ForecastTargetSchema,
  forecastCrossFieldIssues,
  MAX_FORECAST_ADDRESSES,
  parseForecastInput,
} from "./forecast-input.js";
export { InputError, type InputIssue, issuePath, toIssues } from "./input-error.js";
export {
  DEFAULT_QUEUE_OBJECTIVE,
  MAX_REVIEW_ITEMS,
  parseQueueInput,
  QUEUE_OBJECTIVES,
  type QueueInput,
  type QueueObjective,
  type QueueOptimizeInput,
  QueueOptimizeInputSchema,
  queueCrossFieldIssues,
  type ReviewItem,
  ReviewItemSchema,
} from "./queue-input.js";
