import { copyFile, mkdtemp, readdir, readFile, readlink, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";
import { newMessageId, newMonitorId } from "./monitor-ids.js";
import { testMonitor } from "./test-support/monitor-fixtures.js";

/**
 * At-least-once delivery across a crash: two replicas share the outbox on PostgreSQL, a
 * receiver holds the first request of each message without answering, and the replica whose
 * request it holds (found by the socket it came on) is killed with SIGKILL mid-attempt. The
 * other replica takes over every message once the dead one's lease lapses (2 × the 2-s attempt
 * timeout + 5 s): every message reaches the receiver (duplicates allowed, each with its one
 * webhook-id), and the outbox records every one delivered.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const XML = fileURLToPath(new URL("../../../../../shared/data/ofac/xml/", import.meta.url));
const MARCH_4 = join(XML, "sdn_advanced_2025-03-04_e1b6b13562.xml.gz");
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const MESSAGES = 6;
/** The lease (19 s at most: 9 s lease, 5-s retry of a timed-out attempt) and a margin for load. */
const DELIVERED_WITHIN_MS = 60_000;

interface Request {
  readonly messageId: string;
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
  /** The sender's port (the replica's end of the connection). */
  readonly fromPort: number;
  readonly at: number;
  /** The replica (pid) that sent it, looked up while its connection is open. */
  readonly from: Promise<number | undefined>;
}

let postgres: PostgresCluster;
let devnet: Devnet;
let dir: string;
let ledger: PaymentLedger;
const replicas: ServiceProcess[] = [];
const requests: Request[] = [];
/** The unanswered first requests, released at the end. */
const held: ServerResponse[] = [];
let seenFirst: () => void = () => {};

const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const messageId = String(req.headers["webhook-id"]);
    const fromPort = req.socket.remotePort as number;
    const first = !requests.some((r) => r.messageId === messageId);
    const from = pidOwning(
      fromPort,
      replicas.map((r) => r.child.pid as number),
    );
    requests.push({
      messageId,
      body: Buffer.concat(chunks).toString("utf8"),
      headers: req.headers,
      fromPort,
      at: Date.now(),
      from,
    });
    if (first) {
      res.on("error", () => {});
      held.push(res);
      seenFirst();
    } else {
      // Answered once its sender is known (the connection open while it is looked up).
      void from.then(() => res.writeHead(204).end());
    }
  });
});

/**
 * The pid among `pids` owning the loopback TCP socket bound to `port` (Linux: /proc/net/tcp
 * names the socket's inode, /proc/<pid>/fd links to it).
 */
async function pidOwning(port: number, pids: readonly number[]): Promise<number | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const lines = (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[9] !== undefined) inodes.add(fields[9]);
    }
  }
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode !== undefined && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}

const startReplica = async (instanceId: string, source: string): Promise<ServiceProcess> => {
  const replica = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
    OFAC_SOURCE: source,
    OFAC_SAMPLE_FALLBACK: "0",
    INSTANCE_ID: instanceId,
    WEBHOOK_POLL_MS: "100",
    WEBHOOK_TIMEOUT_SECONDS: "2",
  });
  replicas.push(replica);
  return replica;
};

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  [postgres, devnet, dir] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 0, httpFacilitator: true }),
    mkdtemp(join(tmpdir(), "replica-crash-delivery-")),
  ]);
  const source = join(dir, "sdn_advanced.xml.gz");
  await copyFile(MARCH_4, source);
  // One after the other: each migrates the shared database as it starts.
  await startReplica("replica-a", source);
  await startReplica("replica-b", source);
  ledger = await openLedger({ databaseUrl: postgres.url });
}, 180_000);

afterAll(async () => {
  for (const res of held) if (!res.destroyed) res.writeHead(204).end();
  for (const replica of replicas) await replica.stop();
  await ledger?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await devnet?.stop();
  await postgres?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe("a replica killed with SIGKILL mid-delivery (two replicas on PostgreSQL)", () => {
  it("loses no message: the other replica delivers every one after the lease lapses, same webhook-id, and the outbox records each delivered", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ofac`;
    const book = ledger.monitorBook();
    const firstSeen = new Promise<void>((resolve) => {
      seenFirst = resolve;
    });
    const messages: Array<{ monitorId: string; messageId: string }> = [];
    for (let i = 0; i < MESSAGES; i++) {
      const monitorId = newMonitorId();
      const messageId = newMessageId();
      const now = new Date();
      await book.create(
        testMonitor({
          id: monitorId,
          webhookUrl: url,
          secret: SECRET,
          createdAt: now,
          edition: { datasetDate: "2025-03-04", datasetSha256: "a".repeat(64) },
        }),
        [
          {
            id: messageId,
            monitorId,
            eventType: "monitor.screened",
            body: JSON.stringify({
              type: "monitor.screened",
              timestamp: now.toISOString(),
              data: { monitorId, serial: i },
            }),
            createdAt: now,
          },
        ],
      );
      messages.push({ monitorId, messageId });
    }

    // A replica's request is held: kill that replica, its attempt in flight.
    await Promise.race([
      firstSeen,
      new Promise((_, reject) => setTimeout(() => reject(new Error("no request in 30 s")), 30_000)),
    ]);
    const first = requests[0] as Request;
    const sender = await first.from;
    expect(sender).toBeDefined();
    const victim = replicas.find((r) => r.child.pid === sender) as ServiceProcess;
    const survivor = replicas.find((r) => r !== victim) as ServiceProcess;
    const exited = new Promise((resolve) => victim.child.once("exit", resolve));
    victim.child.kill("SIGKILL");
    await exited;
    expect(victim.child.signalCode).toBe("SIGKILL");
    const killedAt = Date.now();
    // The message in flight at the kill was not answered: the outbox has no attempt of it.
    const inFlight = messages.find((m) => m.messageId === first.messageId);
    const [before] = await book.deliveryLog(inFlight?.monitorId as string);
    expect(before).toMatchObject({ status: "pending", attempted: 0 });

    // The survivor delivers every message, the one in flight at the kill among them.
    const deadline = Date.now() + DELIVERED_WITHIN_MS;
    const statuses = async () =>
      Promise.all(messages.map(async (m) => (await book.deliveryLog(m.monitorId))[0]));
    let logged = await statuses();
    while (logged.some((m) => m?.status !== "delivered") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      logged = await statuses();
    }
    expect(logged.map((m) => [m?.id, m?.status])).toEqual(
      messages.map((m) => [m.messageId, "delivered"]),
    );
    expect(survivor.child.exitCode).toBeNull();

    // Every message reached the receiver, with its one webhook-id, each request signed.
    const ids = new Set(requests.map((r) => r.messageId));
    for (const m of messages) expect(ids.has(m.messageId)).toBe(true);
    for (const r of requests) {
      const verified = new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as {
        data: { monitorId: string };
      };
      expect(messages.find((m) => m.messageId === r.messageId)?.monitorId).toBe(
        verified.data.monitorId,
      );
    }
    // The message the victim held came again after the kill, from the survivor.
    const again = requests.filter((r) => r.messageId === first.messageId && r.at >= killedAt);
    expect(again.length).toBeGreaterThan(0);
    expect(await (again[0] as Request).from).toBe(survivor.child.pid);
  });
});
