export {
  /** @public */ type PostResult,
  /** @public */ type PostWebhookOptions,
  /** @public */ postWebhook,
  /** @public */ WEBHOOK_TIMEOUT_MS,
} from "./node/post-webhook.js";
