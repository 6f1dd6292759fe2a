import { lookup } from "node:dns/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import { hostname } from "node:os";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { PRODUCTION_WEBHOOKS, type WebhookUrlPolicy } from "@svc/monitoring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMessageId, newMonitorId } from "./monitor-ids.js";
import { testMonitor } from "./test-support/monitor-fixtures.js";
import { type DeliveryAttempt, startWebhookDeliverer } from "./webhook-deliverer.js";

/**
 * Webhooks never reach a private address in production: a deliverer with the production policy
 * (what a service in production mode runs), on a real ledger (PGlite in memory), with messages
 * whose monitors' URLs are https to this machine's host name (which resolves to a loopback
 * address), to the cloud metadata address, and to an IPv4-mapped loopback. Each "private"
 * address has a TCP listener counting connections: none is ever opened, and each attempt is
 * recorded with the error `webhook_url_private_address`. A redirect to a private address is not
 * followed (checked with the development policy, which allows the loopback receiver that sends
 * the redirect: no public receiver is reachable here).
 */
type MonitorBook = ReturnType<PaymentLedger["monitorBook"]>;

/** Counts the connections a listener gets (it answers nothing). */
function connectionCounter(): { server: Server; connections: () => number } {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  server.on("close", () => {
    for (const s of sockets) s.destroy();
  });
  return { server, connections: () => count };
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );

let ledger: PaymentLedger;
const trap = connectionCounter();
let trapPort: number;
/** Answers every request with a 302 to the trap (a loopback address). */
const redirecting = createHttpServer((req, res) => {
  req.resume();
  res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/metadata` }).end();
});
let redirectingHits = 0;
redirecting.on("request", () => redirectingHits++);
let redirectingPort: number;

/** A monitor with one message, due now, to `webhookUrl` (stored as is: the check is at delivery). */
async function monitorTo(book: MonitorBook, webhookUrl: string): Promise<string> {
  const monitorId = newMonitorId();
  const now = new Date();
  await book.create(
    testMonitor({
      id: monitorId,
      webhookUrl,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      createdAt: now,
    }),
    [
      {
        id: newMessageId(),
        monitorId,
        eventType: "monitor.screened",
        body: JSON.stringify({ type: "monitor.screened", data: { monitorId } }),
        createdAt: now,
      },
    ],
  );
  return monitorId;
}

/** Delivers the outbox once with `policy` and resolves with the first attempt of each monitor. */
async function deliverOnce(
  policy: WebhookUrlPolicy,
  monitorIds: readonly string[],
): Promise<Map<string, DeliveryAttempt>> {
  const seen = new Map<string, DeliveryAttempt>();
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const deliverer = startWebhookDeliverer({
    book: ledger.monitorBook(),
    policy,
    pollMs: 50,
    concurrency: 8,
    timeoutMs: 5_000,
    onAttempt: (attempt) => {
      if (monitorIds.includes(attempt.monitorId) && !seen.has(attempt.monitorId)) {
        seen.set(attempt.monitorId, attempt);
        if (seen.size === monitorIds.length) done();
      }
    },
  });
  try {
    await Promise.race([
      all,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("not every monitor attempted within 20 s")), 20_000),
      ),
    ]);
  } finally {
    await deliverer.stop();
  }
  return seen;
}

beforeAll(async () => {
  [trapPort, redirectingPort, ledger] = await Promise.all([
    listen(trap.server),
    listen(redirecting),
    openLedger(),
  ]);
}, 30_000);

afterAll(async () => {
  await ledger?.close();
  redirecting.closeAllConnections();
  await new Promise((resolve) => redirecting.close(resolve));
  await new Promise((resolve) => trap.server.close(resolve));
});

describe("production refuses webhooks to private addresses at delivery", () => {
  it("a host name resolving to loopback, the metadata address and a mapped loopback: no connection, each attempt recorded as webhook_url_private_address", async () => {
    // The precondition: this machine's name resolves to a loopback address only.
    const host = hostname();
    const resolved = await lookup(host, { all: true });
    expect(resolved.length).toBeGreaterThan(0);
    for (const { address } of resolved) expect(address).toMatch(/^(127\.|::1$)/);

    const book = ledger.monitorBook();
    const urls = [
      `https://${host}:${trapPort}/ofac`,
      "https://169.254.169.254/latest/meta-data/",
      `https://[::ffff:127.0.0.1]:${trapPort}/ofac`,
    ];
    const ids = [];
    for (const url of urls) ids.push(await monitorTo(book, url));
    const attempts = await deliverOnce(PRODUCTION_WEBHOOKS, ids);

    expect(trap.connections()).toBe(0);
    for (const id of ids) {
      expect(attempts.get(id)).toMatchObject({ outcome: "retry", status: undefined });
      expect(attempts.get(id)?.error).toMatch(/^webhook_url_private_address/);
      const [logged] = await book.deliveryLog(id);
      expect(logged).toMatchObject({ status: "pending", attempted: 1, lastStatus: null });
      expect(logged?.lastError).toMatch(/^webhook_url_private_address/);
      expect(logged?.attempts[0]?.error).toMatch(/^webhook_url_private_address/);
    }
    // The name's message failed on its resolved address (checked at connection), not on its form.
    expect(attempts.get(ids[0] as string)?.error).toContain(
      `${host} resolves to a private address`,
    );
    // Their retries are no other test's business.
    for (const id of ids) await book.setStatus(id, "deleted", new Date());
  });

  it("a 302 to a private address is not followed: the redirect is a failed attempt, the target never reached", async () => {
    const book = ledger.monitorBook();
    const id = await monitorTo(book, `http://127.0.0.1:${redirectingPort}/ofac`);
    const attempts = await deliverOnce({ allowLoopback: true }, [id]);

    expect(redirectingHits).toBe(1);
    expect(trap.connections()).toBe(0);
    expect(attempts.get(id)).toMatchObject({ outcome: "retry", status: 302 });
    const [logged] = await book.deliveryLog(id);
    expect(logged).toMatchObject({ status: "pending", attempted: 1, lastStatus: 302 });
  });
});
