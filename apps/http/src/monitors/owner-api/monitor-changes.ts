import type { MonitorBook, MonitorRecord } from "@svc/ledger";
import { type WebhookUrlPolicy, webhookUrlProblem } from "@svc/monitoring";
import type * as v from "valibot";
import type { PatchMonitorSchema } from "./owner-requests.js";

/** Why an owner's change of a monitor was refused: the same over HTTP and MCP. */
export type ChangeRefusal =
  | {
      readonly code: "INVALID_WEBHOOK_URL";
      readonly message: string;
      readonly issues: readonly { readonly path: string; readonly message: string }[];
    }
  | { readonly code: "MONITOR_DELETED" };

/**
 * Applies an owner's change (status, webhook URL, label) to one of their monitors: a webhook the
 * service will not deliver to is refused first, then a deleted monitor (or one deleted
 * meanwhile, by another call of the owner's); otherwise each change is written. Undefined when
 * applied.
 */
export async function changeMonitor(
  book: MonitorBook,
  monitor: MonitorRecord,
  change: v.InferOutput<typeof PatchMonitorSchema>,
  policy: WebhookUrlPolicy,
  at: Date,
): Promise<ChangeRefusal | undefined> {
  if (change.webhookUrl !== undefined) {
    const refused = webhookUrlProblem(change.webhookUrl, policy);
    if (refused !== undefined) {
      const message = `webhookUrl ${refused.message} (${refused.code})`;
      return { code: "INVALID_WEBHOOK_URL", message, issues: [{ path: "webhookUrl", message }] };
    }
  }
  if (monitor.status === "deleted") return { code: "MONITOR_DELETED" };
  const { id } = monitor;
  const applied = [
    change.webhookUrl === undefined || (await book.setWebhook(id, change.webhookUrl, at)),
    change.status === undefined || (await book.setStatus(id, change.status, at)),
    change.label === undefined || (await book.setLabel(id, change.label, at)),
  ];
  // Deleted meanwhile: nothing more was changed.
  return applied.includes(false) ? { code: "MONITOR_DELETED" } : undefined;
}

/** Deletes one of an owner's monitors: false when it was deleted already. */
export async function deleteMonitor(
  book: MonitorBook,
  monitor: MonitorRecord,
  at: Date,
): Promise<boolean> {
  return monitor.status !== "deleted" && (await book.setStatus(monitor.id, "deleted", at));
}
