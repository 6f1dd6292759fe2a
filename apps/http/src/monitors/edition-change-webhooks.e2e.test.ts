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
 * A monitored wallet book across a real edition change: the service serves OFAC's 2025-03-04
 * edition from a local source, a monitor watches Tornado Cash addresses and others, OFAC's
 * 2025-03-21 edition (the Tornado Cash delisting) is published and the service told to reload:
 * the monitor's webhook receives `screening.match.cleared` for each Tornado Cash address and
 * nothing else, each message verifiable with the standardwebhooks library (v1) and the
 * service's published key (v1a), each carrying a screening attestation the key set verifies.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const XML = fileURLToPath(new URL("../../../../../shared/data/ofac/xml/", import.meta.url));
const MARCH_4 = join(XML, "sdn_advanced_2025-03-04_e1b6b13562.xml.gz");
const MARCH_21 = join(XML, "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz");
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
let march4: SdnIndex;
let march21: SdnIndex;
const received: Received[] = [];
let metricsPort: number;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
    res.writeHead(204).end();
  });
});

/** A port free now on loopback (for the service's metrics listener). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  [postgres, devnet, dir, march4, march21] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 1, httpFacilitator: true }),
    mkdtemp(join(tmpdir(), "monitor-editions-")),
    loadIndex(MARCH_4),
    loadIndex(MARCH_21),
  ]);
  source = join(dir, "sdn_advanced.xml.gz");
  await publishEdition(MARCH_4, source);
  metricsPort = await freePort();
  service = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
    OFAC_SOURCE: source,
    OFAC_SAMPLE_FALLBACK: "0",
    WEBHOOK_POLL_MS: "100",
    METRICS_PORT: String(metricsPort),
  });
  await until("the 2025-03-04 edition", LOAD_MS, async () =>
    (await servedSha(service.url)) === march4.meta.datasetSha256 ? true : undefined,
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

describe("monitors across OFAC's real 2025-03-21 edition (the Tornado Cash delisting)", () => {
  it("delivers screening.match.cleared for each monitored Tornado Cash address and nothing for the others, signed v1 and v1a", async () => {
    const diff = diffEditions(march4, march21);
    const tornado = diff.removed.slice(0, 4).map((r) => r.address);
    const stillListed = march21.designations.find((d) => d.asset === "XBT")?.address as string;
    const clear = "0x1111111111111111111111111111111111111111";
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const id = newMonitorId();
    const addresses = [...tornado, stillListed, clear].map((address) => {
      const normalizedAddress = normalizeAddress(address);
      return {
        address,
        normalizedAddress,
        listing: addressListing(march4.lookup(normalizedAddress)),
      };
    });
    await ledger.monitorBook().create(
      testMonitor({
        id,
        payer: devnet.payers[0]?.address.toLowerCase(),
        webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ofac`,
        secret,
        edition: editionRef(march4.meta),
        addresses,
      }),
      [],
    );

    await publishEdition(MARCH_21, source);
    service.child.kill("SIGHUP");
    await until("the 2025-03-21 edition", LOAD_MS, async () =>
      (await servedSha(service.url)) === march21.meta.datasetSha256 ? true : undefined,
    );
    await until("four deliveries", DELIVERY_MS, async () =>
      received.length >= 4 ? true : undefined,
    );
    // Nothing more comes: the still-listed and the clear address made no event.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(4);

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
      expect(() =>
        new Webhook(secret).verify(message.body.replace("cleared", "created"), headers),
      ).toThrow(WebhookVerificationError);
      expect(verifyWebhookV1a(message.body.replace("cleared", "created"), headers, whpk)).toBe(
        false,
      );
      const verified = await verifyAttestation(event.data.attestation as string, jwks as never);
      expect(verified.claims.result).toEqual([expect.objectContaining({ status: "clear" })]);
      events.push(event);
    }
    expect(events.map((e) => e.type)).toEqual(Array(4).fill("screening.match.cleared"));
    expect(events.map((e) => e.data.address).sort()).toEqual([...tornado].sort());
    for (const e of events) {
      expect(e.data).toMatchObject({
        monitorId: id,
        edition: editionRef(march21.meta),
        previousEdition: editionRef(march4.meta),
        listing: { listed: false },
        previousListing: { listed: true },
      });
    }
    // Each delivery is in the monitor's log, delivered at its first attempt.
    const log = await ledger.monitorBook().deliveryLog(id);
    expect(log.map((m) => [m.status, m.attempted])).toEqual(Array(4).fill(["delivered", 1]));
    // And counted where an operator looks: the events made, the attempts, an empty outbox.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toContain('svc_monitor_events_total{type="screening.match.cleared"} 4');
    expect(metrics).toContain('svc_webhook_attempts_total{outcome="delivered"} 4');
    expect(metrics).toMatch(/^svc_webhook_outbox_pending 0$/m);
  });
});
