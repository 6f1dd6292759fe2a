import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RefreshStatus } from "../screen/result-types.js";
import type { LoaderEvent } from "./loader-event.js";
import { RefreshSchedule } from "./refresh-schedule.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const status = (ok: boolean): RefreshStatus => ({
  attemptedAt: "2026-01-01T00:00:00.000Z",
  ok,
  outcome: ok ? "updated" : "HTTP_STATUS",
});

describe("RefreshSchedule", () => {
  it("concurrent refreshes share one attempt", async () => {
    let attempts = 0;
    const schedule = new RefreshSchedule(
      async () => {
        attempts++;
        return status(true);
      },
      () => {},
    );
    const [a, b] = await Promise.all([schedule.refresh(), schedule.refresh()]);
    expect(a).toBe(b);
    expect(attempts).toBe(1);
    expect(schedule.running).toBeUndefined();
  });

  it("after failures, retries after the base delay doubled each time, capped at the interval; a success returns to the interval", async () => {
    const outcomes = [false, false, false, true];
    const events: LoaderEvent[] = [];
    let attempts = 0;
    const schedule = new RefreshSchedule(
      async () => status(outcomes[attempts++] ?? true),
      (e) => events.push(e),
      100,
    );
    schedule.startPeriodic(300);
    await schedule.refresh(); // fails: the next in 100 ms
    await vi.advanceTimersByTimeAsync(100); // fails: the next in 200 ms
    await vi.advanceTimersByTimeAsync(200); // fails: the next in 300 ms (400 capped)
    await vi.advanceTimersByTimeAsync(300); // succeeds: the next at the interval
    expect(attempts).toBe(4);
    expect(events).toEqual([
      { type: "retry-scheduled", inMs: 100, failures: 1 },
      { type: "retry-scheduled", inMs: 200, failures: 2 },
      { type: "retry-scheduled", inMs: 300, failures: 3 },
    ]);
    await vi.advanceTimersByTimeAsync(299);
    expect(attempts).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(5);
    schedule.stopPeriodic();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(5);
  });
});
