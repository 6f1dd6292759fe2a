import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMessageId, newMonitorId } from "./monitor-ids.js";
import { testMonitor } from "./test-support/monitor-fixtures.js";
import { type DeliveryAttempt, startWebhookDeliverer } from "./webhook-deliverer.js";

/**
 * The retry schedule as a receiver sees it: an in-process deliverer on a real ledger (PGlite in
 * memory) with a clock the test moves, and a real HTTP receiver answering what each path is told
 * to. The deliverer is driven by `kick()` alone (its own timer is set far off), and each poll is
 * awaited through the book's `claimDue`, so "no attempt" is observed, not waited out.
 */
type MonitorBook = ReturnType<PaymentLedger["monitorBook"]>;

const SECOND = 1000;
/** The Standard Webhooks specification's schedule, as written there (seconds after each failure). */
const SPEC_SCHEDULE_SECONDS = [
  0,
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
];
const DAY = 86_400 * SECOND;
const T0 = new Date("2026-01-05T09:00:00.000Z");

/** What each path answers, in order (the last one repeats). */
const script = new Map<string, Array<{ status: number; headers?: Record<string, string> }>>();
const hits: Array<{ path: string; webhookId: string }> = [];
const receiver = createServer((req, res: ServerResponse) => {
  req.resume();
  req.on("end", () => {
    const path = req.url ?? "/";
    hits.push({ path, webhookId: String(req.headers["webhook-id"]) });
    const answers = script.get(path) ?? [{ status: 404 }];
    const answer = (answers.length > 1 ? answers.shift() : answers[0]) as {
      status: number;
      headers?: Record<string, string>;
    };
    res.writeHead(answer.status, answer.headers).end(`answered ${answer.status}`);
  });
});

let ledger: PaymentLedger;
let clock = T0;
const attempts: DeliveryAttempt[] = [];
let attemptWaiters: Array<() => void> = [];
/** Polls awaited: resolved with what a claim at their clock time took. */
let pollWaiters: Array<{ at: number; resolve: (claimed: string[]) => void }> = [];
let deliverer: ReturnType<typeof startWebhookDeliverer>;

/** The real book, with each finished `claimDue` announced (so a poll can be awaited). */
function announcedPolls(book: MonitorBook): MonitorBook {
  return new Proxy(book, {
    get(target, property, receiver) {
      if (property === "claimDue") {
        return async (...args: Parameters<MonitorBook["claimDue"]>) => {
          const claimed = await target.claimDue(...args);
          const at = args[0].getTime();
          const ids = claimed.map((m) => m.id);
          for (const waiter of pollWaiters.filter((w) => w.at === at)) waiter.resolve(ids);
          pollWaiters = pollWaiters.filter((w) => w.at !== at);
          return claimed;
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Moves the clock to `at`, kicks the deliverer and resolves with the ids a claim at that time
 * took (none: nothing is sent at `at`).
 */
function pollAt(at: Date): Promise<string[]> {
  clock = at;
  const polled = new Promise<string[]>((resolve) =>
    pollWaiters.push({ at: at.getTime(), resolve }),
  );
  deliverer.kick();
  return polled;
}

/** Kicks the deliverer at `at` and waits for the next attempt it records. */
async function attemptAt(at: Date): Promise<DeliveryAttempt> {
  const before = attempts.length;
  const next = new Promise<void>((resolve) => attemptWaiters.push(resolve));
  await pollAt(at);
  await Promise.race([
    next,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error("no attempt within 10 s")), 10_000),
    ),
  ]);
  return attempts[before] as DeliveryAttempt;
}

/** A monitor with one message, due at T0, to the receiver's `path`. */
async function monitorWithMessage(path: string): Promise<{ monitorId: string; messageId: string }> {
  const monitorId = newMonitorId();
  const messageId = newMessageId();
  const port = (receiver.address() as AddressInfo).port;
  await ledger.monitorBook().create(
    testMonitor({
      id: monitorId,
      webhookUrl: `http://127.0.0.1:${port}${path}`,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      createdAt: T0,
    }),
    [
      {
        id: messageId,
        monitorId,
        eventType: "monitor.screened",
        body: JSON.stringify({ type: "monitor.screened", data: { monitorId } }),
        createdAt: T0,
      },
    ],
  );
  return { monitorId, messageId };
}

const hitsOf = (path: string) => hits.filter((h) => h.path === path);
const messageOf = async (monitorId: string) =>
  (await ledger.monitorBook().deliveryLog(monitorId))[0];
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  ledger = await openLedger();
  deliverer = startWebhookDeliverer({
    book: announcedPolls(ledger.monitorBook()),
    policy: { allowLoopback: true },
    pollMs: 60_000,
    concurrency: 4,
    now: () => clock,
    onAttempt: (attempt) => {
      attempts.push(attempt);
      const waiting = attemptWaiters;
      attemptWaiters = [];
      for (const resolve of waiting) resolve();
    },
  });
}, 30_000);

afterAll(async () => {
  await deliverer?.stop();
  await ledger?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("webhook retries on the Standard Webhooks schedule", () => {
  it("500, 500 then 410: attempts at once, after 5 s and after 5 min (±10%), then never again; the endpoint is disabled and the log shows each attempt", async () => {
    script.set("/gone", [{ status: 500 }, { status: 500 }, { status: 410 }]);
    const { monitorId, messageId } = await monitorWithMessage("/gone");

    const first = await attemptAt(T0);
    expect(first).toMatchObject({ messageId, attempt: 1, outcome: "retry", status: 500 });
    const times = [T0];
    for (const [index, status, outcome] of [
      [1, 500, "retry"],
      [2, 410, "endpoint_gone"],
    ] as const) {
      const previous = times[times.length - 1] as Date;
      const due = (await messageOf(monitorId))?.nextAttemptAt as Date;
      const delay = (due.getTime() - previous.getTime()) / SECOND;
      const step = SPEC_SCHEDULE_SECONDS[index] as number;
      expect(delay).toBeGreaterThanOrEqual(step * 0.9);
      expect(delay).toBeLessThanOrEqual(step * 1.1);
      // A millisecond early: polled, nothing sent.
      expect(await pollAt(plus(due, -1))).toEqual([]);
      const attempt = await attemptAt(due);
      expect(attempt).toMatchObject({ messageId, attempt: index + 1, outcome, status });
      times.push(due);
    }

    // After the 410: days of polls, nothing more is sent.
    for (const days of [1, 2, 3, 7]) {
      expect(await pollAt(plus(times[2] as Date, days * DAY))).toEqual([]);
    }
    expect(hitsOf("/gone").map((h) => h.webhookId)).toEqual([messageId, messageId, messageId]);
    expect((await ledger.monitorBook().get(monitorId))?.endpointDisabledAt).toEqual(times[2]);
    const logged = await messageOf(monitorId);
    expect(logged).toMatchObject({ id: messageId, attempted: 3, lastStatus: 410 });
    expect(logged?.attempts.map((a) => [a.attempt, a.at, a.status])).toEqual([
      [1, times[0], 500],
      [2, times[1], 500],
      [3, times[2], 410],
    ]);
  });

  it("a receiver that always fails gets every attempt of the schedule (±10%), then the message is failed and never tried again", async () => {
    script.set("/down", [{ status: 503 }]);
    const { monitorId, messageId } = await monitorWithMessage("/down");
    let at = plus(clock, SECOND);
    expect(await attemptAt(at)).toMatchObject({ messageId, attempt: 1, outcome: "retry" });
    for (const [index, step] of SPEC_SCHEDULE_SECONDS.entries()) {
      if (index === 0) continue;
      const due = (await messageOf(monitorId))?.nextAttemptAt as Date;
      const delay = (due.getTime() - at.getTime()) / SECOND;
      expect(delay).toBeGreaterThanOrEqual(step * 0.9);
      expect(delay).toBeLessThanOrEqual(step * 1.1);
      expect(await pollAt(plus(due, -1))).toEqual([]);
      const last = index === SPEC_SCHEDULE_SECONDS.length - 1;
      expect(await attemptAt(due)).toMatchObject({
        messageId,
        attempt: index + 1,
        outcome: last ? "failed" : "retry",
        status: 503,
      });
      at = due;
    }
    for (const days of [1, 30]) expect(await pollAt(plus(at, days * DAY))).toEqual([]);
    expect(hitsOf("/down")).toHaveLength(SPEC_SCHEDULE_SECONDS.length);
    expect(await messageOf(monitorId)).toMatchObject({
      status: "failed",
      attempted: SPEC_SCHEDULE_SECONDS.length,
      nextAttemptAt: null,
      lastStatus: 503,
    });
  });

  it("429 with retry-after: 600 is tried again no sooner than 600 s; a 2xx then ends it", async () => {
    script.set("/busy", [{ status: 429, headers: { "retry-after": "600" } }, { status: 204 }]);
    const { monitorId, messageId } = await monitorWithMessage("/busy");
    const start = plus(clock, SECOND);

    expect(await attemptAt(start)).toMatchObject({ messageId, outcome: "retry", status: 429 });
    const due = (await messageOf(monitorId))?.nextAttemptAt as Date;
    expect(due.getTime() - start.getTime()).toBeGreaterThanOrEqual(600 * SECOND);
    // The schedule alone would have tried again after about 5 s: nothing is sent before 600 s.
    for (const early of [5.5 * SECOND, 60 * SECOND, 600 * SECOND - 1]) {
      expect(await pollAt(plus(start, early))).toEqual([]);
    }
    expect(hitsOf("/busy")).toHaveLength(1);

    expect(await attemptAt(due)).toMatchObject({ messageId, outcome: "delivered", status: 204 });
    for (const days of [1, 3]) expect(await pollAt(plus(due, days * DAY))).toEqual([]);
    expect(hitsOf("/busy")).toHaveLength(2);
    const logged = await messageOf(monitorId);
    expect(logged).toMatchObject({ status: "delivered", attempted: 2, nextAttemptAt: null });
    expect(logged?.attempts.map((a) => a.status)).toEqual([429, 204]);
  });
});
