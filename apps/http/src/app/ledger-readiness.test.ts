import { describe, expect, it } from "vitest";
import { ledgerReadiness } from "./ledger-readiness.js";

/** A ping that answers as told, counting its calls. */
function pingOf() {
  const state = { calls: 0, up: true, hang: false };
  const ping = () => {
    state.calls++;
    if (state.hang) return new Promise<void>(() => {});
    return state.up ? Promise.resolve() : Promise.reject(new Error("ECONNREFUSED"));
  };
  return { state, ping };
}

describe("ledgerReadiness", () => {
  it("reuses an answer for its time-to-live, then asks again: a flood of /ready is one query a second", async () => {
    const { state, ping } = pingOf();
    let clock = 0;
    const ready = ledgerReadiness(ping, { ttlMs: 1000, now: () => clock });
    expect(await Promise.all(Array.from({ length: 50 }, () => ready()))).toEqual(
      Array(50).fill(true),
    );
    expect(state.calls).toBe(1);
    state.up = false;
    clock = 999;
    expect(await ready()).toBe(true);
    clock = 1000;
    expect(await ready()).toBe(false);
    expect(state.calls).toBe(2);
    state.up = true;
    clock = 2000;
    expect(await ready()).toBe(true);
    expect(state.calls).toBe(3);
  });

  it("a ledger that does not answer counts as unreachable once the probe's wait ends", async () => {
    const { state, ping } = pingOf();
    state.hang = true;
    const ready = ledgerReadiness(ping, { timeoutMs: 5 });
    expect(await ready()).toBe(false);
  });
});
