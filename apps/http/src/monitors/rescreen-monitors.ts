import type { Attest, PaymentAuthorization } from "@svc/compliance";
import type { PaymentLedger } from "@svc/ledger";
import { editionRef, rescreenEvents, touchedAddresses } from "@svc/monitoring";
import { diffEditions, type SdnIndex } from "@svc/ofac-index";
import { eventBody } from "./event-message.js";
import { newMessageId } from "./monitor-ids.js";

type MonitorBook = ReturnType<PaymentLedger["monitorBook"]>;

export interface RescreenOptions {
  readonly book: MonitorBook;
  /** The edition served now. */
  readonly served: () => SdnIndex | undefined;
  /** A stored edition by SHA-256 (the one the monitors were last brought to). */
  readonly editionBySha: (datasetSha256: string) => Promise<SdnIndex | undefined>;
  /** Signs an event's screening, bound to the payment its monitor was paid with. */
  readonly attestFor: (payment: PaymentAuthorization) => Attest | undefined;
  readonly now?: (() => Date) | undefined;
}

/** What one re-screening did: the editions, how many addresses it looked at, the events made. */
export interface RescreenReport {
  readonly from: string;
  readonly to: string;
  /** Addresses compared (the diff's touched ones, or the whole book when `from` was not stored). */
  readonly looked: number | "all";
  readonly events: number;
  /** Each event's type, in order. */
  readonly types: readonly string[];
}

/**
 * Brings the monitors to the edition served now, once across replicas (`MonitorBook.rescreen`
 * locks the cursor): the addresses the change touches (a diff from the edition the monitors
 * were last brought to, read from the stored editions; the whole book only where that edition
 * is not stored) are looked up in the book, compared with what each monitor was last told, and
 * each event is signed (a screening attestation of the address on the new edition, bound to the
 * monitor's payment) and written to the outbox with the cursor, in one transaction. Resolves to
 * undefined when there was nothing to do.
 */
export async function rescreenMonitors(
  options: RescreenOptions,
): Promise<RescreenReport | undefined> {
  const index = options.served();
  if (index === undefined) return undefined;
  const at = (options.now ?? (() => new Date()))();
  const edition = editionRef(index.meta);
  let looked: number | "all" = 0;
  let from = "";
  const result = await options.book.rescreen(edition, at, async (previous, watchesOf) => {
    from = previous.datasetSha256;
    const older = await options.editionBySha(previous.datasetSha256);
    const addresses = older === undefined ? "all" : touchedAddresses(diffEditions(older, index));
    const watches = await watchesOf(addresses);
    looked = addresses === "all" ? "all" : addresses.length;
    const events = rescreenEvents(
      addresses === "all" ? [...watches.keys()] : addresses,
      index,
      watches,
    );
    const payments = new Map<string, PaymentAuthorization>();
    for (const list of watches.values()) for (const w of list) payments.set(w.monitorId, w.payment);
    const messages = [];
    for (const event of events) {
      const payment = payments.get(event.monitorId) as PaymentAuthorization;
      const attestation = await options.attestFor(payment)?.(index.screen(event.address));
      messages.push({
        id: newMessageId(),
        monitorId: event.monitorId,
        eventType: event.type,
        body: eventBody(event.type, at, {
          ...event,
          ...(attestation === undefined ? {} : { attestation: attestation.jws }),
        }),
        createdAt: at,
      });
    }
    return {
      messages,
      told: events.map((e) => ({
        monitorId: e.monitorId,
        normalizedAddress: e.normalizedAddress,
        listing: e.listing,
      })),
    };
  });
  if (result === undefined) return undefined;
  return {
    from,
    to: edition.datasetSha256,
    looked,
    events: result.messages.length,
    types: result.messages.map((m) => m.eventType),
  };
}
