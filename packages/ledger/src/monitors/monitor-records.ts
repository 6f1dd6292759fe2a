import type { AddressListing, EditionRef, Watch } from "@svc/monitoring";

/** The authorization that paid for a monitor (or its latest period), as attestations name it. */
export interface MonitorPayment {
  readonly network: string;
  readonly asset: string;
  readonly payer: string;
  readonly nonce: string;
}

/** A watch as the book answers it: with the payment its monitor's attestations are bound to. */
export interface StoredWatch extends Watch {
  readonly payment: MonitorPayment;
}

/** A monitor's state: watching (`active`), held by its owner (`paused`), or `deleted`. */
export type MonitorStatus = "active" | "paused" | "deleted";

/** A new monitor, with its addresses as first screened. */
export interface MonitorInput {
  readonly id: string;
  /** The paying wallet, as a CAIP-10 account id (`eip155:8453:0x…`): the monitor's owner. */
  readonly owner: string;
  readonly label?: string | undefined;
  readonly webhookUrl: string;
  /** The HMAC secret (`whsec_…`). */
  readonly secret: string;
  readonly asset?: string | undefined;
  /** The payment that made it (its events' attestations are bound to it). */
  readonly payment: MonitorPayment;
  readonly paidUntil: Date;
  readonly createdAt: Date;
  /** The edition the addresses were first screened in. */
  readonly edition: EditionRef;
  readonly addresses: ReadonlyArray<{
    readonly address: string;
    readonly normalizedAddress: string;
    readonly listing: AddressListing;
  }>;
}

/** A monitor as stored (never its secret). */
export interface MonitorRecord {
  readonly id: string;
  readonly owner: string;
  readonly label: string | null;
  readonly webhookUrl: string;
  readonly asset: string | null;
  readonly payment: MonitorPayment;
  readonly status: MonitorStatus;
  /** When a 410 from its webhook disabled the endpoint (null: enabled). */
  readonly endpointDisabledAt: Date | null;
  readonly paidUntil: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly addressCount: number;
}

/** A webhook message to write to the outbox, due at once. */
export interface MessageInput {
  /** `msg_…`: the `webhook-id` of every attempt. */
  readonly id: string;
  readonly monitorId: string;
  readonly eventType: string;
  /** The JSON body as sent (signed as is). */
  readonly body: string;
  readonly createdAt: Date;
}

/** A message claimed for delivery, with what sending it needs. */
export interface DueMessage {
  readonly id: string;
  readonly monitorId: string;
  readonly eventType: string;
  readonly body: string;
  /** Attempts made in this round (the retry schedule's index). */
  readonly attempts: number;
  /** Attempts made in all. */
  readonly attempted: number;
  readonly webhookUrl: string;
  readonly secret: string;
}

/** One attempt's result, to record. */
export interface AttemptInput {
  readonly messageId: string;
  readonly at: Date;
  readonly status?: number | undefined;
  readonly error?: string | undefined;
  readonly durationMs: number;
  /** The start of the receiver's answer. */
  readonly response?: string | undefined;
  readonly outcome: "delivered" | "retry" | "failed" | "endpoint_gone";
  /** When to try again (`retry`), or when a disabled endpoint's message is due again. */
  readonly nextAttemptAt?: Date | undefined;
}

/** One attempt as the delivery log shows it. */
export interface StoredAttempt {
  readonly attempt: number;
  readonly at: Date;
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** A message as the delivery log shows it. */
export interface StoredMessage {
  readonly id: string;
  readonly eventType: string;
  readonly createdAt: Date;
  readonly status: "pending" | "delivered" | "failed" | "cancelled";
  readonly attempted: number;
  readonly nextAttemptAt: Date | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly attempts: readonly StoredAttempt[];
}

/** A `monitors` row (with its address count) as a record. */
export function toMonitor(row: Record<string, unknown>): MonitorRecord {
  return {
    id: row.id as string,
    owner: row.owner as string,
    label: (row.label as string | null) ?? null,
    webhookUrl: row.webhook_url as string,
    asset: (row.asset as string | null) ?? null,
    payment: (typeof row.payment === "string"
      ? JSON.parse(row.payment)
      : row.payment) as MonitorPayment,
    status: row.status as MonitorStatus,
    endpointDisabledAt: (row.endpoint_disabled_at as Date | null) ?? null,
    paidUntil: row.paid_until as Date,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    addressCount: row.address_count as number,
  };
}
