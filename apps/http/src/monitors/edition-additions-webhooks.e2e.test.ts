import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyAttestation } from "@svc/attestations";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { addressListing, editionRef, verifyWebhookV1a, webhookPublicKey } from "@svc/monitoring";
import { diffEditions, normalizeAddress, type SdnIndex } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";
import { newMonitorId } from "./monitor-ids.js";
import { publishEdition, servedSha, testMonitor, until } from "./test-support/monitor-fixtures.js";

/**
 * Additions across a real edition change: the service serves the first of OFAC's two
 * 2025-11-19 editions from a local source, a monitor watches every address the second adds
 * (`diffEditions(first, second).added`) and a clear one, the second edition is published and the
 * service told to reload (SIGHUP): the webhook receives `screening.match.created` for each added
 * address and nothing for the clear one, each message verified with the standardwebhooks library
 * (v1) and the service's published key (v1a), each carrying an attestation of the match.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const XML = fileURLToPath(new URL("../../../../../shared/data/ofac/xml/", import.meta.url));
const FIRST = join(XML, "sdn_advanced_2025-11-19_36364b9cd3.xml.gz");
const SECOND = join(XML, "sdn_advanced_2025-11-19_3ed6690688.xml.gz");
/** Bounded waits: a real edition parsed and stored, then the re-screening and deliveries. */
const LOAD_MS = 90_000;
const DELIVERY_MS = 30_000;

interface Received {
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
}

let postgres: PostgresCluster;
let devnet: Devnet;
let dir: string;
let source: string;
let service: ServiceProcess;
let ledger: PaymentLedger;
let first: SdnIndex;
let second: SdnIndex;
const received: Received[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  [postgres, devnet, dir, first, second] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 1, httpFacilitator: true }),
    mkdtemp(join(tmpdir(), "monitor-additions-")),
    loadIndex(FIRST),
    loadIndex(SECOND),
  ]);
  source = join(dir, "sdn_advanced.xml.gz");
  await publishEdition(FIRST, source);
  service = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
    OFAC_SOURCE: source,
    OFAC_SAMPLE_FALLBACK: "0",
    WEBHOOK_POLL_MS: "100",
  });
  await until("the first 2025-11-19 edition", LOAD_MS, async () =>
    (await servedSha(service.url)) === first.meta.datasetSha256 ? true : undefined,
  );
  ledger = await openLedger({ databaseUrl: postgres.url });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await ledger?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await devnet?.stop();
  await postgres?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe("monitors across OFAC's second 2025-11-19 edition (additions)", () => {
  it("delivers screening.match.created for each monitored address the edition adds and nothing for a clear one, signed v1 and v1a", async () => {
    const added = [
      ...new Map(
        diffEditions(first, second).added.map((d) => [d.normalizedAddress, d.address]),
      ).values(),
    ];
    expect(added.length).toBeGreaterThan(0);
    const clear = "0x1111111111111111111111111111111111111111";
    expect(second.lookup(normalizeAddress(clear))).toEqual([]);
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const id = newMonitorId();
    const addresses = [...added, clear].map((address) => {
      const normalizedAddress = normalizeAddress(address);
      const listing = addressListing(first.lookup(normalizedAddress));
      // Not listed when the monitor is made: the edition to come adds them.
      expect(listing.listed).toBe(false);
      return { address, normalizedAddress, listing };
    });
    await ledger.monitorBook().create(
      testMonitor({
        id,
        webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ofac`,
        secret,
        edition: editionRef(first.meta),
        addresses,
      }),
      [],
    );

    await publishEdition(SECOND, source);
    service.child.kill("SIGHUP");
    await until("the second 2025-11-19 edition", LOAD_MS, async () =>
      (await servedSha(service.url)) === second.meta.datasetSha256 ? true : undefined,
    );
    await until(`${added.length} deliveries`, DELIVERY_MS, async () =>
      received.length >= added.length ? true : undefined,
    );
    // Nothing more comes: the clear address made no event.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(added.length);

    const jwks = await (await fetch(`${service.url}/.well-known/jwks.json`)).json();
    const ed25519 = (jwks as { keys: Array<{ kty: string; x: string }> }).keys.find(
      (k) => k.kty === "OKP",
    );
    const whpk = webhookPublicKey(ed25519 as { x: string });
    const events = [];
    for (const message of received) {
      const headers = message.headers as Record<string, string>;
      const event = new Webhook(secret).verify(message.body, headers) as {
        type: string;
        data: Record<string, unknown> & { attestation?: string };
      };
      expect(verifyWebhookV1a(message.body, headers, whpk)).toBe(true);
      const tampered = message.body.replace("created", "cleared");
      expect(() => new Webhook(secret).verify(tampered, headers)).toThrow(WebhookVerificationError);
      expect(verifyWebhookV1a(tampered, headers, whpk)).toBe(false);
      const verified = await verifyAttestation(event.data.attestation as string, jwks as never);
      expect(verified.claims.result).toEqual([expect.objectContaining({ status: "match" })]);
      events.push(event);
    }
    expect(events.map((e) => e.type)).toEqual(Array(added.length).fill("screening.match.created"));
    expect(events.map((e) => e.data.address).sort()).toEqual([...added].sort());
    for (const e of events) {
      expect(e.data).toMatchObject({
        monitorId: id,
        edition: editionRef(second.meta),
        previousEdition: editionRef(first.meta),
        listing: { listed: true },
        previousListing: { listed: false },
      });
      // What the event says is listed is what the new edition lists.
      const listing = e.data.listing as { parties: unknown[] };
      expect(listing).toEqual(
        addressListing(second.lookup(normalizeAddress(e.data.address as string))),
      );
      expect(listing.parties.length).toBeGreaterThan(0);
    }
    const log = await ledger.monitorBook().deliveryLog(id);
    expect(log.map((m) => [m.eventType, m.status, m.attempted])).toEqual(
      Array(added.length).fill(["screening.match.created", "delivered", 1]),
    );
  });
});
