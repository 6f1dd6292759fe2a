import * as v from "valibot";

/** A monitor's id, as the ledger makes them. */
export const MONITOR_ID = /^mon_[A-Za-z0-9_-]{16,64}$/;
/** A webhook message's id (its `webhook-id`). */
export const MESSAGE_ID = /^msg_[A-Za-z0-9_-]{16,64}$/;

/** The longest label a monitor carries. */
const MAX_LABEL_LENGTH = 200;
/** The longest PATCH body read (a webhook URL is at most 2,048 characters). */
export const MAX_PATCH_BYTES = 4096;

export const MonitorParamsSchema = v.object({
  id: v.pipe(
    v.string(),
    v.regex(MONITOR_ID, "id must be mon_ and 16 to 64 letters, digits, _ or -"),
  ),
});

export const MessageParamsSchema = v.object({
  id: MonitorParamsSchema.entries.id,
  messageId: v.pipe(
    v.string(),
    v.regex(MESSAGE_ID, "messageId must be msg_ and 16 to 64 letters, digits, _ or -"),
  ),
});

/**
 * What an owner may change: pause or resume (`status`), the webhook (checked against the
 * service's webhook policy before anything changes), the label (null removes it). At least one;
 * nothing else (an unknown field is refused, not ignored).
 */
export const PatchMonitorShape = v.strictObject({
  status: v.optional(v.picklist(["active", "paused"], 'status must be "active" or "paused"')),
  webhookUrl: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
  label: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_LABEL_LENGTH)))),
});

/** `PatchMonitorShape`, naming at least one field. */
export const PatchMonitorSchema = v.pipe(
  PatchMonitorShape,
  v.check(
    (b) => b.status !== undefined || b.webhookUrl !== undefined || b.label !== undefined,
    "name at least one of status, webhookUrl or label",
  ),
);
