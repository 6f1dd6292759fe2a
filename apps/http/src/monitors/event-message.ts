import type { MonitorEventType } from "@svc/monitoring";

/**
 * A webhook message's body, as the Standard Webhooks specification suggests: the event `type`,
 * when it happened, and its `data`. Written once into the outbox and sent as is (the bytes
 * signed), whatever attempt carries it.
 */
export const eventBody = (
  type: MonitorEventType,
  at: Date,
  data: Record<string, unknown>,
): string => JSON.stringify({ type, timestamp: at.toISOString(), data });
