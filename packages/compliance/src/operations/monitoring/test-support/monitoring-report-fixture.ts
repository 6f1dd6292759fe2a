import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateSigningKey } from "@svc/attestations";
import {
  addressListing,
  editionRef,
  type MonitorEventType,
  rescreenEvents,
  touchedAddresses,
  type Watch,
} from "@svc/monitoring";
import { diffEditions, normalizeAddress, type SdnIndex } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";
import { type Attest, attesterFor, authorizationPayment } from "../../../attestation/attest.js";
import type {
  EventDelivery,
  MonitoredAddress,
  MonitoringReportInput,
} from "../monitoring-report-input.js";
import { monitoringEvents } from "../monitoring-report-input.js";

/**
 * A monitor as the service would have it after OFAC's real 2025-03-04 → 2025-03-21 change (the
 * Tornado Cash delisting): made on 2025-03-04 over five Tornado Cash addresses, Roman Semenov's
 * (one of his programs dropped on 2025-03-21), an address listed on both editions and one never
 * listed; its first screening and the re-screening's events signed by a real key, written as the
 * service writes its outbox (`{type, timestamp, data}`) and read back with `monitoringEvents`.
 */

const XML_DIR = fileURLToPath(
  new URL("../../../../../../../shared/data/ofac/xml/", import.meta.url),
);

const FILES = {
  "2025-03-04": "sdn_advanced_2025-03-04_e1b6b13562.xml.gz",
  "2025-03-21": "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz",
} as const;

const loaded = new Map<string, Promise<SdnIndex>>();

/** A real edition, parsed once per test file. */
function realEdition(date: keyof typeof FILES): Promise<SdnIndex> {
  if (!existsSync(XML_DIR)) {
    throw new Error(
      `real OFAC data not found at ${XML_DIR}: tests need ../shared beside the repository`,
    );
  }
  let index = loaded.get(date);
  if (index === undefined) {
    index = loadIndex(`${XML_DIR}${FILES[date]}`);
    loaded.set(date, index);
  }
  return index;
}

export const BASE_URL = "https://screening.example.com";
export const MONITOR_ID = "mon_3kT9xQ2bV7mN4pL8rW1zYa";
/** A label in Cyrillic and Han: the documents must print both scripts. */
export const LABEL = "Казначейство · 客户钱包";
/** The webhook as stored: its path and query must never reach a document. */
const WEBHOOK_URL = "https://hooks.example.com/ofac/tok_9f8e7d?key=s3cr3t-query";
export const NEVER_LISTED = "0x1111111111111111111111111111111111111111";

const CREATED_AT = new Date("2025-03-05T10:00:00Z");
const RESCREENED_AT = new Date("2025-03-21T18:00:00Z");

export interface RealMonitor {
  readonly input: MonitoringReportInput;
  readonly tornado: readonly string[];
  readonly semenov: string;
  readonly stillListed: string;
  /** Every JWS the monitor's events carry. */
  readonly attestations: readonly string[];
  readonly attest: Attest;
}

/** Writes one message as the service's outbox does. */
const body = (type: MonitorEventType, at: Date, data: Record<string, unknown>): string =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/** The monitor of this file's doc comment, built on the real editions and a fresh key. */
export async function realMonitor(): Promise<RealMonitor> {
  const [from, to] = [await realEdition("2025-03-04"), await realEdition("2025-03-21")];
  const diff = diffEditions(from, to);
  const tornado = diff.removed.slice(0, 5).map((r) => r.address);
  const semenov = diff.changed[0]?.address as string;
  const stillListed = to.designations.find((d) => d.asset === "XBT")?.address as string;
  const given = [...tornado, semenov, stillListed, NEVER_LISTED];

  const key = await generateSigningKey();
  let clock = CREATED_AT;
  const attest = attesterFor({
    key,
    baseUrl: BASE_URL,
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
    now: () => clock,
  });

  // The first screening, on the edition served when the monitor was made.
  const first = from.screenMany(given);
  const firstJws = (await attest(first)).jws;
  const watches = new Map<string, Watch[]>();
  const state = new Map<string, MonitoredAddress>();
  for (const address of given) {
    const normalizedAddress = normalizeAddress(address);
    const listing = addressListing(from.lookup(normalizedAddress));
    watches.set(normalizedAddress, [
      { monitorId: MONITOR_ID, address, listing, edition: editionRef(from.meta) },
    ]);
    state.set(normalizedAddress, {
      address,
      normalizedAddress,
      listing,
      edition: editionRef(from.meta),
    });
  }
  const messages = [
    {
      id: "msg_0001",
      createdAt: CREATED_AT,
      body: body("monitor.screened", CREATED_AT, {
        monitorId: MONITOR_ID,
        edition: editionRef(from.meta),
        addressCount: first.results.length,
        matchCount: first.summary.matchCount,
        attestations: [firstJws],
      }),
    },
  ];

  // The re-screening when the service moved to 2025-03-21: each event signed on the new edition.
  clock = RESCREENED_AT;
  const drafts = rescreenEvents(touchedAddresses(diff), to, watches);
  const attestations = [firstJws];
  for (const [i, draft] of drafts.entries()) {
    const jws = (await attest(to.screen(draft.address))).jws;
    attestations.push(jws);
    messages.push({
      id: `msg_${String(i + 2).padStart(4, "0")}`,
      createdAt: RESCREENED_AT,
      body: body(draft.type, RESCREENED_AT, { ...draft, attestation: jws }),
    });
    state.set(draft.normalizedAddress, {
      address: draft.address,
      normalizedAddress: draft.normalizedAddress,
      listing: draft.listing,
      edition: draft.edition,
    });
  }

  // The delivery log: the first screening and most events delivered, one failed after the
  // whole schedule, one still being retried.
  const delivered: EventDelivery = {
    status: "delivered",
    attempted: 1,
    lastStatus: 200,
    lastError: null,
  };
  const log = messages.map((m, i) => ({
    id: m.id,
    ...(i === 2
      ? { status: "failed" as const, attempted: 10, lastStatus: 500, lastError: null }
      : i === 3
        ? { status: "pending" as const, attempted: 3, lastStatus: null, lastError: "timeout" }
        : delivered),
  }));

  return {
    input: {
      monitor: {
        id: MONITOR_ID,
        label: LABEL,
        owner: "eip155:84532:0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
        status: "active",
        createdAt: CREATED_AT,
        paidUntil: new Date("2025-04-04T10:00:00Z"),
        webhookUrl: WEBHOOK_URL,
        endpointDisabledAt: null,
        asset: null,
      },
      addresses: [...state.values()],
      events: monitoringEvents(messages, log),
      served: editionRef(to.meta),
      baseUrl: BASE_URL,
      date: "2025-03-22",
    },
    tornado,
    semenov,
    stillListed,
    attestations,
    attest,
  };
}

/**
 * The largest monitor: 10,000 addresses (the real monitor's, then synthetic never-listed ones)
 * and `events` events, each carrying one of the real monitor's attestations, so a size check
 * signs nothing more.
 */
export function largestMonitor(real: RealMonitor, events = 12_000): MonitoringReportInput {
  const addresses: MonitoredAddress[] = [...real.input.addresses];
  const edition = real.input.served;
  for (let i = addresses.length; i < 10_000; i++) {
    const address = `0x${i.toString(16).padStart(40, "0")}`;
    addresses.push({
      address,
      normalizedAddress: address,
      listing: { listed: false, assets: [], parties: [] },
      edition,
    });
  }
  const template = real.input.events.filter((e) => e.type === "screening.match.cleared");
  const many = Array.from({ length: events }, (_, i) => {
    const e = template[i % template.length];
    if (e === undefined) throw new Error("the real monitor has no cleared event");
    return {
      ...e,
      id: `msg_${String(i).padStart(6, "0")}`,
      at: new Date(Date.UTC(2025, 2, 21, 18, 0, 0) + i * 1000),
    };
  });
  return { ...real.input, addresses, events: many };
}
