export { /** @public */ addressListing } from "./events/address-listing.js";
export {
  /** @public */ type AddressListing,
  /** @public */ type EditionRef,
  /** @public */ type ListedPartyRef,
  /** @public */ type MatchEventDraft,
  /** @public */ type MatchEventType,
  /** @public */ MONITOR_EVENT_TYPES,
  /** @public */ type MonitorEventType,
} from "./events/event-types.js";
export {
  /** @public */ type EditionView,
  /** @public */ editionRef,
  /** @public */ rescreenEvents,
  /** @public */ touchedAddresses,
  /** @public */ type Watch,
} from "./events/rescreen-events.js";
export {
  /** @public */ type AttemptResult,
  /** @public */ type DeliveryOutcome,
  /** @public */ deliveryOutcome,
} from "./webhooks/delivery-outcome.js";
export {
  /** @public */ type NextAttemptOptions,
  /** @public */ nextAttemptAt,
  /** @public */ RETRY_SCHEDULE_SECONDS,
} from "./webhooks/retry-schedule.js";
export {
  /** @public */ type Ed25519Jwk,
  /** @public */ newWebhookSecret,
  /** @public */ type SignWebhookOptions,
  /** @public */ signWebhook,
  /** @public */ verifyWebhookV1a,
  /** @public */ type WebhookHeaders,
  /** @public */ webhookPublicKey,
} from "./webhooks/webhook-signature.js";
export {
  /** @public */ PRODUCTION_WEBHOOKS,
  /** @public */ type WebhookUrlPolicy,
  /** @public */ type WebhookUrlProblem,
  /** @public */ webhookUrlProblem,
} from "./webhooks/webhook-url.js";
