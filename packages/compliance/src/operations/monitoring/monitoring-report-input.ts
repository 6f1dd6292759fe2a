import type { AddressListing, EditionRef, ListedPartyRef, MonitorEventType } from "@svc/monitoring";
import { MONITOR_EVENT_TYPES } from "@svc/monitoring";
import * as v from "valibot";

/**
 * What a monitoring report is made of, as the ledger's monitor book answers it (`get`,
 * `addressesOf`, `messagesOf`, `deliveryLog`): the monitor, its addresses with what it was last
 * told of each, its events and the edition served now. Never the monitor's secret, and the
 * webhook URL is reduced to its host by the report itself (a path or query may hold a token).
 */
export interface MonitoringReportInput {
  readonly monitor: {
    readonly id: string;
    readonly label: string | null;
    /** The paying wallet, CAIP-10 (`eip155:8453:0x…`): who manages the monitor. */
    readonly owner: string;
    readonly status: "active" | "paused" | "deleted";
    readonly paidUntil: Date | string;
    readonly createdAt: Date | string;
    /** The full URL as stored: the report prints its host only. */
    readonly webhookUrl: string;
    /** When a 410 from the webhook disabled it (null or absent: enabled). */
    readonly endpointDisabledAt?: Date | string | null | undefined;
    /** The asset filter the monitor was made with, if any. */
    readonly asset?: string | null | undefined;
  };
  /** Every monitored address with what the monitor was last told of it, in any order. */
  readonly addresses: readonly MonitoredAddress[];
  /** The monitor's events, in any order (the report puts the newest first). */
  readonly events: readonly MonitoringEvent[];
  /**
   * How many events the monitor has in all, when `events` holds fewer (the book answers a page);
   * the report then says how many it leaves out. Default: `events.length`.
   */
  readonly eventCount?: number | undefined;
  /** The edition the service serves now. */
  readonly served: EditionRef;
  /** The service's public base URL: its key set and attestation lookups are under it. */
  readonly baseUrl: string;
  /** The report's date, `YYYY-MM-DD` (default: today). */
  readonly date?: string | undefined;
  /** True when the service serves the embedded sample edition, not OFAC's list. */
  readonly sampleEdition?: boolean | undefined;
}

/** One monitored address and what the monitor was last told of it. */
export interface MonitoredAddress {
  /** As the owner gave it. */
  readonly address: string;
  readonly normalizedAddress: string;
  readonly listing: AddressListing;
  /** The edition that said it (its first screening, or its last event). */
  readonly edition: EditionRef;
}

/** How a message fared at the webhook, as the delivery log records it. */
export interface EventDelivery {
  readonly status: "pending" | "delivered" | "failed" | "cancelled";
  /** Attempts made in all. */
  readonly attempted: number;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

/** One event a monitor told its webhook. */
export interface MonitoringEvent {
  /** The message id (`msg_…`, the `webhook-id`). */
  readonly id: string;
  readonly type: MonitorEventType;
  readonly at: Date | string;
  /** The address it is about; null for a monitor's own screening (first or renewal). */
  readonly address: string | null;
  /** The edition it states (for a match event, the newer one). */
  readonly edition: EditionRef | null;
  /** A match event's older edition. */
  readonly previousEdition: EditionRef | null;
  /** A match event's listings, after and before. */
  readonly listing: AddressListing | null;
  readonly previousListing: AddressListing | null;
  /** A monitor screening's counts: addresses screened and found listed. */
  readonly screened: { readonly addressCount: number; readonly matchCount: number } | null;
  /** The compact JWS attestations it carries (one per match event; one per 1,000 addresses). */
  readonly attestations: readonly string[];
  /** Its delivery, when the log has it. */
  readonly delivery: EventDelivery | null;
}

const EditionSchema = v.looseObject({ datasetDate: v.string(), datasetSha256: v.string() });

const PartySchema = v.looseObject({
  profileId: v.string(),
  entityName: v.string(),
  programs: v.array(v.string()),
});

const ListingSchema = v.looseObject({
  listed: v.boolean(),
  assets: v.array(v.string()),
  parties: v.array(PartySchema),
});

/** A message body as the service writes it: `{type, timestamp, data}` (Standard Webhooks). */
const EventBodySchema = v.looseObject({
  type: v.picklist(MONITOR_EVENT_TYPES),
  timestamp: v.string(),
  data: v.looseObject({
    address: v.optional(v.string()),
    edition: v.optional(EditionSchema),
    previousEdition: v.optional(EditionSchema),
    listing: v.optional(ListingSchema),
    previousListing: v.optional(ListingSchema),
    addressCount: v.optional(v.number()),
    matchCount: v.optional(v.number()),
    attestation: v.optional(v.string()),
    attestations: v.optional(v.array(v.string())),
  }),
});

const editionOf = (e: v.InferOutput<typeof EditionSchema> | undefined): EditionRef | null =>
  e === undefined ? null : { datasetDate: e.datasetDate, datasetSha256: e.datasetSha256 };

const partyOf = (p: v.InferOutput<typeof PartySchema>): ListedPartyRef => ({
  profileId: p.profileId,
  entityName: p.entityName,
  programs: p.programs,
});

const listingOf = (l: v.InferOutput<typeof ListingSchema> | undefined): AddressListing | null =>
  l === undefined ? null : { listed: l.listed, assets: l.assets, parties: l.parties.map(partyOf) };

/**
 * A monitor's stored messages (`MonitorBook.messagesOf`) as the report's events, each with its
 * delivery from the log (`MonitorBook.deliveryLog`, matched by message id). A body that is not
 * an event the service writes is left out: the outbox holds only the service's own, so none is.
 */
export function monitoringEvents(
  messages: readonly { readonly id: string; readonly body: string; readonly createdAt: Date }[],
  log: readonly ({ readonly id: string } & EventDelivery)[] = [],
): MonitoringEvent[] {
  const deliveries = new Map(log.map((m) => [m.id, m]));
  const events: MonitoringEvent[] = [];
  for (const message of messages) {
    let json: unknown;
    try {
      json = JSON.parse(message.body);
    } catch {
      continue;
    }
    const parsed = v.safeParse(EventBodySchema, json);
    if (!parsed.success) continue;
    const { type, data } = parsed.output;
    const delivery = deliveries.get(message.id);
    events.push({
      id: message.id,
      type,
      at: message.createdAt,
      address: data.address ?? null,
      edition: editionOf(data.edition),
      previousEdition: editionOf(data.previousEdition),
      listing: listingOf(data.listing),
      previousListing: listingOf(data.previousListing),
      screened:
        data.addressCount === undefined
          ? null
          : { addressCount: data.addressCount, matchCount: data.matchCount ?? 0 },
      attestations: [
        ...(data.attestation === undefined ? [] : [data.attestation]),
        ...(data.attestations ?? []),
      ],
      delivery:
        delivery === undefined
          ? null
          : {
              status: delivery.status,
              attempted: delivery.attempted,
              lastStatus: delivery.lastStatus,
              lastError: delivery.lastError,
            },
    });
  }
  return events;
}
