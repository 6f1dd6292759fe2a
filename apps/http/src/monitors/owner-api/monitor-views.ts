import type { MonitorBook, MonitorRecord, StoredMessage } from "@svc/ledger";

/** A monitor as its owner reads it (never its secret, which was shown once, at creation). */
export interface MonitorView {
  readonly id: string;
  /** The paying wallet (CAIP-10). */
  readonly owner: string;
  readonly label: string | null;
  readonly webhookUrl: string;
  readonly asset: string | null;
  readonly status: "active" | "paused" | "deleted";
  /** When a 410 from the webhook disabled it (null: enabled); setting a webhook enables it. */
  readonly endpointDisabledAt: string | null;
  readonly paidUntil: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly addressCount: number;
}

export const monitorView = (m: MonitorRecord): MonitorView => ({
  id: m.id,
  owner: m.owner,
  label: m.label,
  webhookUrl: m.webhookUrl,
  asset: m.asset,
  status: m.status,
  endpointDisabledAt: m.endpointDisabledAt?.toISOString() ?? null,
  paidUntil: m.paidUntil.toISOString(),
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
  addressCount: m.addressCount,
});

/** A monitor's addresses, each with what the monitor was last told of it and in which edition. */
export const addressViews = (addresses: Awaited<ReturnType<MonitorBook["addressesOf"]>>) =>
  addresses.map((a) => ({
    address: a.address,
    normalizedAddress: a.normalizedAddress,
    listing: a.listing,
    edition: a.edition,
  }));

/** The delivery log: each message, newest first, with its attempts. */
export const deliveryViews = (messages: readonly StoredMessage[]) =>
  messages.map((m) => ({
    id: m.id,
    eventType: m.eventType,
    createdAt: m.createdAt.toISOString(),
    status: m.status,
    attempted: m.attempted,
    nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
    lastStatus: m.lastStatus,
    lastError: m.lastError,
    attempts: m.attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      status: a.status,
      error: a.error,
      durationMs: a.durationMs,
    })),
  }));
