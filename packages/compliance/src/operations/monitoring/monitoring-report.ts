import { attestationFingerprint, attestationLookupUrl, decodeAttestation } from "@svc/attestations";
import type { AddressListing, EditionRef, MonitorEventType } from "@svc/monitoring";
import { MONITOR_EVENT_TYPES } from "@svc/monitoring";
import type { DocumentType } from "@svc/renderers/pool";
import {
  formatValue,
  metric,
  type ReportModelInput,
  reportModel,
  type TableInput,
  tableFromRecords,
  type WireScalar,
  withSampleEdition,
} from "@svc/report-model";
import { ATTESTATION_PATHS, attestationUrls } from "../../attestation/attestation-paths.js";
import { plural } from "../screening/match-text.js";
import { withByline } from "../screening/report-byline.js";
import { reportDate } from "../screening/report-date.js";
import { fieldValueTable } from "../screening/report-tables.js";
import type {
  EventDelivery,
  MonitoredAddress,
  MonitoringEvent,
  MonitoringReportInput,
} from "./monitoring-report-input.js";

const MONITORING_REPORT_TYPE = "ofac-wallet-monitoring";
const MONITORING_REPORT_TITLE = "OFAC Wallet Monitoring Report";

/**
 * The most rows each table of the report holds, by format. A monitor watches up to 10,000
 * addresses and makes events for years: a PDF or DOCX of every row would be hundreds of pages no
 * one reads, and past the renderers' limits (`RENDER_LIMITS`: a DOCX 5,000 rows, a PDF 10,000),
 * so documents show the listed addresses first and the newest events, and say how many more the
 * XLSX and the API hold. The XLSX carries every address of the largest monitor and 20,000 events
 * (at most 50,000 rows and about 310,000 cells with the appendix, under its 60,000 rows).
 */
export const MONITORING_REPORT_ROWS: Readonly<
  Record<DocumentType, { readonly addresses: number; readonly events: number }>
> = Object.freeze({
  pdf: { addresses: 1_000, events: 500 },
  docx: { addresses: 1_000, events: 500 },
  xlsx: { addresses: 10_000, events: 20_000 },
});

/** What the report says of each event type: a reader's name for it. */
const EVENT_LABELS: Readonly<Record<MonitorEventType, string>> = {
  "screening.match.created": "Match created",
  "screening.match.cleared": "Match cleared",
  "screening.match.changed": "Match changed",
  "monitor.screened": "Monitor screened",
  "monitor.renewed": "Monitor renewed",
};

/** Characters of a fingerprint a page prints beside an event (the appendix prints it whole). */
const SHORT_FINGERPRINT = 16;

const iso = (at: Date | string): string => (typeof at === "string" ? at : at.toISOString());

/** The webhook's host alone: a path or query may carry a token the owner put there. */
function webhookHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

/** `TORNADO CASH (CYBER2); Semenov Roman (CYBER2, DPRK3)`, or "Not listed". */
function partiesOf(listing: AddressListing | null): string {
  if (listing === null) return "";
  if (!listing.listed) return "Not listed";
  return listing.parties
    .map(
      (p) => `${p.entityName} (${p.programs.length === 0 ? "no program" : p.programs.join(", ")})`,
    )
    .join("; ");
}

const editionDates = (e: MonitoringEvent): string =>
  e.previousEdition !== null && e.edition !== null
    ? `${e.previousEdition.datasetDate} → ${e.edition.datasetDate}`
    : (e.edition?.datasetDate ?? "");

/** `delivered (1 attempt)`, `failed (10 attempts; last HTTP 500)`, `not in the delivery log`. */
function deliveryText(d: EventDelivery | null): string {
  if (d === null) return "not in the delivery log";
  const last =
    d.status === "delivered" || (d.lastStatus === null && d.lastError === null)
      ? ""
      : `; last ${d.lastStatus === null ? d.lastError : `HTTP ${d.lastStatus}`}`;
  return `${d.status} (${plural(d.attempted, "attempt")}${last})`;
}

/** Listed addresses first, then in canonical order. */
const byState = (a: MonitoredAddress, b: MonitoredAddress): number =>
  Number(b.listing.listed) - Number(a.listing.listed) ||
  (a.normalizedAddress < b.normalizedAddress
    ? -1
    : a.normalizedAddress > b.normalizedAddress
      ? 1
      : 0);

/** Newest first; events of one instant by id, newest id first. */
const newestFirst = (a: MonitoringEvent, b: MonitoringEvent): number =>
  iso(b.at).localeCompare(iso(a.at)) || b.id.localeCompare(a.id);

/** What a document prints of one attestation, read from its JWS (signature not checked here). */
interface AttestationLine {
  readonly fingerprint: string;
  readonly kid: string;
  readonly signedAt: string | null;
  readonly edition: string;
}

function attestationLine(jws: string): AttestationLine {
  const fingerprint = attestationFingerprint(jws);
  try {
    const { kid, claims } = decodeAttestation(jws);
    return { fingerprint, kid, signedAt: claims.issuedAt, edition: claims.list.datasetDate };
  } catch {
    // Printed all the same: its fingerprint still names what the webhook was sent.
    return { fingerprint, kid: "(unreadable)", signedAt: null, edition: "" };
  }
}

/** A one-row table saying what a capped table leaves out, and where the rest is. */
const notShown = (sentence: string): TableInput =>
  tableFromRecords([{ not_shown: sentence }], ["not_shown"], {
    labels: { not_shown: "Not shown here" },
    kinds: { not_shown: "text" },
  });

/** The methodology note: what is re-screened when, what an event proves, what a clear means. */
const METHODOLOGY: readonly (readonly [string, string])[] = [
  [
    "What is re-screened, and when",
    "When the service loads a new OFAC SDN edition, the addresses that the edition's change touches (added, removed, or with changed parties, programs or tickers, under any ticker) are looked up among the monitored addresses; each one watched is screened on the new edition and compared with what its monitor was last told. The cost follows the change, not the book. A monitor's first screening, on creation, and each paid renewal screen every address it watches.",
  ],
  [
    "Match rule",
    "Exact match of the address's canonical form against the SDN list's digital-currency addresses, under any ticker (an asset filter orders matches and never hides one). No fuzzy matching: an address near a listed one makes no event.",
  ],
  [
    "What an event proves",
    "Each event carries an attestation signed by the service (a compact JWS, Ed25519): the screening of that address on the new edition, named by its date and SHA-256, bound to the payment that made the monitor or paid its latest period. This report prints each attestation's fingerprint (the SHA-256 of the JWS); its lookup URL answers the JWS and the service's verdict, and the published key set verifies it offline.",
  ],
  [
    "Match created",
    "The address became listed on the newer edition (or was listed at the monitor's first screening): block and review before any dealing.",
  ],
  [
    "Match cleared",
    "The address is no longer on the SDN list as of the newer edition: that edition no longer requires blocking it. It is not a statement that the address is safe, and it does not reach back before that edition; other lists and obligations are not covered.",
  ],
  [
    "Match changed",
    "The address is still listed, but its parties, their names or programs, or its tickers changed.",
  ],
  [
    "Across editions not seen",
    "Events compare each address with what its monitor was last told, not with the previous edition: an address listed and delisted between two editions the service loaded makes no event.",
  ],
  [
    "Delivery",
    "Each event is POSTed to the monitor's webhook as a Standard Webhooks message (webhook-id, webhook-timestamp, webhook-signature with v1 HMAC and v1a Ed25519), retried on the specification's schedule (from at once to 24 h, ten attempts); a 410 answer disables the endpoint.",
  ],
];

export interface MonitoringReportOptions {
  /** The document the report is for: it sets how many rows each table holds. Default: pdf. */
  readonly format?: DocumentType | undefined;
}

/**
 * A monitor's events and current state as the shared report model (one model for PDF, DOCX and
 * XLSX): a summary with the headline counts, the monitor's record, the current state of every
 * address (listed first), its events (newest first) with their delivery and attestation
 * fingerprints, a delivery summary, the methodology, and an appendix listing every attestation's
 * fingerprint with the key set and lookup URLs. Pure: the caller reads the monitor book; no
 * secret reaches it, and the webhook URL is printed as its host alone. Tables are capped per
 * format (`MONITORING_REPORT_ROWS`), each cap saying how many rows it leaves out and where they are.
 */
export function monitoringReport(
  input: MonitoringReportInput,
  options: MonitoringReportOptions = {},
): ReportModelInput {
  const format = options.format ?? "pdf";
  const caps = MONITORING_REPORT_ROWS[format];
  const { monitor, served } = input;
  const baseUrl = input.baseUrl.replace(/\/+$/, "");
  const date = input.date ?? reportDate();
  const addresses = [...input.addresses].sort(byState);
  const listed = addresses.filter((a) => a.listing.listed);
  const events = [...input.events].sort(newestFirst);
  const eventCount = Math.max(input.eventCount ?? events.length, events.length);
  const shownEvents = events.slice(0, caps.events);
  const shownAddresses = addresses.slice(0, caps.addresses);
  const byType = new Map<MonitorEventType, number>(MONITOR_EVENT_TYPES.map((t) => [t, 0]));
  for (const e of events) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
  const failed = events.filter((e) => e.delivery?.status === "failed").length;
  const retrying = events.filter(
    (e) => e.delivery?.status === "pending" && e.delivery.attempted > 0,
  ).length;
  const host = webhookHost(monitor.webhookUrl);
  const { keysUrl } = attestationUrls(baseUrl);
  const lookupPattern = `${baseUrl}${ATTESTATION_PATHS.lookup}`;
  const wholeFingerprint = format === "xlsx";
  const lines = new Map<string, AttestationLine>();
  const lineOf = (jws: string): AttestationLine => {
    let line = lines.get(jws);
    if (line === undefined) {
      line = attestationLine(jws);
      lines.set(jws, line);
    }
    return line;
  };
  // A page has room for the fingerprint whole beside its event and instant (the events table
  // names the event); a spreadsheet takes every column, the lookup URL of each included.
  const attestationRows = shownEvents.flatMap((e, i) =>
    e.attestations.map((jws, part): Record<string, WireScalar> => {
      const line = lineOf(jws);
      return wholeFingerprint
        ? {
            event: i + 1,
            event_type: EVENT_LABELS[e.type],
            address: e.address ?? addressSpan(e, part),
            fingerprint: line.fingerprint,
            key_id: line.kid,
            signed_at: line.signedAt,
            edition: line.edition,
            lookup_url: attestationLookupUrl(baseUrl, line.fingerprint),
          }
        : { event: i + 1, fingerprint: line.fingerprint, signed_at: line.signedAt };
    }),
  );
  const attestationCount = events.reduce((n, e) => n + e.attestations.length, 0);

  const matchEvents =
    (byType.get("screening.match.created") ?? 0) +
    (byType.get("screening.match.cleared") ?? 0) +
    (byType.get("screening.match.changed") ?? 0);
  const summary = [
    `Monitor ${monitor.id}${monitor.label === null ? "" : ` ("${monitor.label}")`} watches ${plural(addresses.length, "address", "addresses")}, ${listed.length === 0 ? "none of them" : `${listed.length} of them`} listed on the OFAC SDN list as last told; it is ${monitor.status}, paid until ${iso(monitor.paidUntil).slice(0, 10)}, and delivers to ${host}.`,
    `The service serves the SDN edition of ${served.datasetDate} (SHA-256 ${served.datasetSha256.slice(0, 12)}…). The monitor has ${plural(eventCount, "event")}: ${plural(matchEvents, "match event")} (${byType.get("screening.match.created")} created, ${byType.get("screening.match.cleared")} cleared, ${byType.get("screening.match.changed")} changed) and ${plural((byType.get("monitor.screened") ?? 0) + (byType.get("monitor.renewed") ?? 0), "screening")} of the whole book.`,
    failed === 0 && retrying === 0
      ? "No delivery has failed."
      : `${plural(failed, "message")} failed after the whole retry schedule and ${retrying} ${retrying === 1 ? "is" : "are"} being retried: replay them from the delivery log once the endpoint answers.`,
    ...(listed.length === 0
      ? []
      : [
          `Listed now: ${listed
            .slice(0, 5)
            .map((a) => `${a.address} (${partiesOf(a.listing)})`)
            .join("; ")}${listed.length > 5 ? `; and ${listed.length - 5} more` : ""}.`,
        ]),
    `Each event's attestation is named by its fingerprint in the appendix; check one at ${lookupPattern} or against the key set at ${keysUrl}.`,
  ];

  const stateTable = tableFromRecords(
    shownAddresses.map((a) => ({
      address: a.address,
      state: a.listing.listed ? "Listed" : "Not listed",
      parties: a.listing.listed ? partiesOf(a.listing) : "",
      tickers: a.listing.assets.join(", "),
      told_on_edition: a.edition.datasetDate,
    })),
    ["address", "state", "parties", "tickers", "told_on_edition"],
    {
      labels: { state: "State", told_on_edition: "Last told (edition)" },
      kinds: { address: "address", state: "text", told_on_edition: "date" },
    },
  );
  // A page folds each edition's date into its listing (one column fewer, so the address keeps its
  // own); a spreadsheet keeps the editions in a column of their own, to filter on.
  const onPage = !wholeFingerprint;
  const eventsTable = tableFromRecords(
    shownEvents.map((e, i) => ({
      event: i + 1,
      at: iso(e.at),
      type: EVENT_LABELS[e.type],
      address: e.address ?? "",
      editions: editionDates(e),
      ...beforeAndAfter(e, onPage),
      delivery: deliveryText(e.delivery),
      fingerprint: fingerprintCell(e, wholeFingerprint, lineOf),
    })),
    [
      "event",
      "at",
      "type",
      "address",
      ...(onPage ? [] : ["editions"]),
      "before",
      "after",
      "delivery",
      "fingerprint",
    ],
    {
      labels: {
        event: "#",
        at: "Time",
        type: "Event",
        before: "Before",
        after: "After",
        fingerprint: "Attestation fingerprint",
      },
      kinds: {
        event: "count",
        at: "datetime",
        type: "text",
        address: "address",
        editions: "text",
        before: "text",
        after: "text",
        delivery: "text",
        fingerprint: "hash",
      },
    },
  );

  const model = reportModel(
    {
      report_type: MONITORING_REPORT_TYPE,
      title: MONITORING_REPORT_TITLE,
      subtitle: [`Monitor ${monitor.id}`, ...(monitor.label === null ? [] : [monitor.label])].join(
        "  |  ",
      ),
      date,
    },
    {
      executive_summary: summary,
      headline_metrics: [
        metric("Addresses", addresses.length, undefined, "count"),
        metric("Listed now", listed.length, undefined, "count"),
        ...MONITOR_EVENT_TYPES.map((t) =>
          metric(EVENT_LABELS[t], byType.get(t) ?? 0, undefined, "count"),
        ),
        metric("Delivery failures", failed, undefined, "count"),
      ],
      tables: {
        monitor: fieldValueTable([
          ["Monitor ID", monitor.id],
          ["Label", monitor.label ?? "None"],
          ["Owner (paying wallet)", monitor.owner],
          ["Status", monitor.status],
          ["Created", iso(monitor.createdAt)],
          ["Paid until", iso(monitor.paidUntil)],
          ["Webhook host", host],
          ["Asset filter", monitor.asset ?? "None: every ticker"],
          ["Addresses", addresses.length],
          ["Edition served now", served.datasetDate],
          ["Edition served now, SHA-256", served.datasetSha256],
        ]),
        current_state: stateTable,
        ...(addresses.length > shownAddresses.length
          ? {
              current_state_continued: notShown(
                `${(addresses.length - shownAddresses.length).toLocaleString("en-US")} more addresses not shown (of ${addresses.length.toLocaleString("en-US")}; the listed ones are above): the XLSX report carries every address, and the API lists them (GET /api/monitors/${monitor.id}).`,
              ),
            }
          : {}),
        events: eventsTable,
        ...(eventCount > shownEvents.length
          ? {
              events_continued: notShown(
                `${(eventCount - shownEvents.length).toLocaleString("en-US")} older events not shown (of ${eventCount.toLocaleString("en-US")}): ${format === "xlsx" ? "" : "the XLSX report carries more, and "}the API's delivery log lists them (GET /api/monitors/${monitor.id}/deliveries).`,
              ),
            }
          : {}),
        deliveries: deliveriesTable(events, monitor.endpointDisabledAt ?? null, host),
        methodology: tableFromRecords(
          METHODOLOGY.map(([topic, explanation]) => ({ topic, explanation })),
          ["topic", "explanation"],
        ),
      },
      workbook_rows: {
        attestation_verification: [
          { field: "Attestations (all events)", value: attestationCount },
          { field: "Listed below", value: attestationRows.length },
          { field: "Key set (JWK Set)", value: keysUrl },
          { field: "Lookup URL of a fingerprint", value: lookupPattern },
          {
            field: "How to check",
            value:
              "The fingerprint is the SHA-256 of the compact JWS the webhook received (sha256sum of its characters); the lookup URL answers that JWS and the service's verdict; `ofac-index verify` checks it offline against the key set.",
          },
        ],
        attestation_fingerprints: attestationRows,
      },
    },
  );
  return withSampleEdition(withByline(model, date), input.sampleEdition === true);
}

/** Which addresses a monitor screening's `part`-th attestation covers: one per 1,000, in order. */
function addressSpan(e: MonitoringEvent, part: number): string {
  const count = e.screened?.addressCount;
  if (count === undefined || e.attestations.length === 1) return "All addresses";
  const per = Math.ceil(count / e.attestations.length);
  return `Addresses ${part * per + 1}–${Math.min(count, (part + 1) * per)}`;
}

/**
 * What an event says was before and after: the parties of each listing (on a page, each after
 * its edition's date), or for a monitor's own screening how many addresses it screened and
 * found listed.
 */
function beforeAndAfter(e: MonitoringEvent, withDates: boolean): { before: string; after: string } {
  const dated = (edition: EditionRef | null, text: string): string =>
    withDates && edition !== null ? `${edition.datasetDate}: ${text}` : text;
  if (e.screened !== null) {
    return {
      before: "",
      after: dated(
        e.edition,
        `${plural(e.screened.addressCount, "address", "addresses")} screened, ${e.screened.matchCount} listed`,
      ),
    };
  }
  return {
    before: dated(e.previousEdition, partiesOf(e.previousListing)),
    after: dated(e.edition, partiesOf(e.listing)),
  };
}

/** An event's fingerprints: whole in a spreadsheet, their first characters on a page. */
function fingerprintCell(
  e: MonitoringEvent,
  whole: boolean,
  lineOf: (jws: string) => AttestationLine,
): string {
  if (e.attestations.length === 0) return "unsigned";
  const prints = e.attestations.map((jws) => lineOf(jws).fingerprint);
  if (whole) return prints.join(" ");
  const first = `${(prints[0] as string).slice(0, SHORT_FINGERPRINT)}…`;
  return prints.length === 1 ? first : `${first} +${prints.length - 1}`;
}

/** The delivery summary: messages by status, attempts, the endpoint's state. */
function deliveriesTable(
  events: readonly MonitoringEvent[],
  disabledAt: Date | string | null,
  host: string,
): TableInput {
  const count = (status: EventDelivery["status"]) =>
    events.filter((e) => e.delivery?.status === status).length;
  const lastFailure = events.find(
    (e) => e.delivery !== null && e.delivery.status !== "delivered" && e.delivery.attempted > 0,
  );
  return fieldValueTable([
    ["Webhook host", host],
    [
      "Endpoint",
      disabledAt === null
        ? "Enabled"
        : `Disabled by a 410 answer at ${formatValue(iso(disabledAt), "datetime")}`,
    ],
    ["Delivered", count("delivered")],
    ["Pending", count("pending")],
    ["Failed (retry schedule exhausted)", count("failed")],
    ["Cancelled (monitor deleted)", count("cancelled")],
    ["Not in the delivery log", events.filter((e) => e.delivery === null).length],
    ["Attempts made", events.reduce((n, e) => n + (e.delivery?.attempted ?? 0), 0)],
    [
      "Latest failure",
      lastFailure === undefined
        ? "None"
        : `${EVENT_LABELS[lastFailure.type]} of ${formatValue(iso(lastFailure.at), "datetime")}: ${deliveryText(lastFailure.delivery)}`,
    ],
  ]);
}
