import { describe, expect, it } from "vitest";
import { deliveryOutcome } from "./delivery-outcome.js";
import {
  MAX_ATTEMPTS,
  nextAttemptAt,
  RETRY_SCHEDULE_SECONDS,
  retryAfterSeconds,
} from "./retry-schedule.js";

const now = new Date("2026-11-28T12:00:00Z");
const after = (at: Date | undefined) => ((at?.getTime() ?? Number.NaN) - now.getTime()) / 1000;

describe("the retry schedule of the Standard Webhooks specification", () => {
  it("is at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: ten attempts", () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual([
      0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
    ]);
    expect(MAX_ATTEMPTS).toBe(10);
  });

  it("without jitter's draw off-centre, each failure waits the schedule's next step", () => {
    for (let failed = 0; failed < MAX_ATTEMPTS; failed++) {
      expect(after(nextAttemptAt(failed, now, { random: 0.5 }))).toBe(
        RETRY_SCHEDULE_SECONDS[failed],
      );
    }
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeUndefined();
  });

  it("jitter moves a delay by at most 10% either way, and differs between draws", () => {
    expect(after(nextAttemptAt(2, now, { random: 0 }))).toBe(270);
    expect(after(nextAttemptAt(2, now, { random: 0.999999 }))).toBeCloseTo(330, 0);
    const draws = new Set(Array.from({ length: 20 }, () => after(nextAttemptAt(3, now))));
    expect(draws.size).toBeGreaterThan(1);
    for (const d of draws) expect(Math.abs(d - 1800)).toBeLessThanOrEqual(180);
  });

  it("a receiver's retry-after is honoured when longer than the step, up to a day", () => {
    expect(after(nextAttemptAt(1, now, { random: 0.5, retryAfterSeconds: 120 }))).toBe(120);
    expect(after(nextAttemptAt(3, now, { random: 0.5, retryAfterSeconds: 120 }))).toBe(1800);
    expect(after(nextAttemptAt(1, now, { random: 0.5, retryAfterSeconds: 10 ** 9 }))).toBe(86400);
  });

  it("reads retry-after as seconds or as an HTTP date", () => {
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 12:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe("deliveryOutcome", () => {
  it("any 2xx is delivered", () => {
    expect(deliveryOutcome({ status: 204 }, 1, now)).toEqual({ kind: "delivered", status: 204 });
  });

  it("410 disables the endpoint, whatever the attempt", () => {
    expect(deliveryOutcome({ status: 410 }, 1, now).kind).toBe("endpoint_gone");
  });

  it("a 5xx, a redirect, a timeout are retried on the schedule; after the tenth attempt, failed", () => {
    for (const result of [{ status: 500 }, { status: 302 }, { error: "timeout after 15 s" }]) {
      const outcome = deliveryOutcome(result, 1, now, 0.5);
      expect(outcome).toMatchObject({ kind: "retry" });
      expect(outcome.kind === "retry" && after(outcome.at)).toBe(5);
      expect(deliveryOutcome(result, MAX_ATTEMPTS, now).kind).toBe("failed");
    }
  });

  it("a 429 with retry-after waits as asked", () => {
    const outcome = deliveryOutcome({ status: 429, retryAfter: "600" }, 2, now, 0.5);
    expect(outcome.kind === "retry" && after(outcome.at)).toBe(600);
  });
});
