import { describe, expect, it } from "vitest";
import { MemoryReservationStore } from "./memory-reservation-store.js";
import { keyOf, MAX_UNSETTLED_ENDS } from "./reservation-store.js";

const KEY = keyOf({ network: "eip155:8453", asset: "0xA", payer: "0xB", nonce: "0xC" });

describe("MemoryReservationStore", () => {
  it("of concurrent reservations of one key, exactly one succeeds", async () => {
    const store = new MemoryReservationStore();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.reserve(KEY, Date.now() + 60_000)),
    );
    expect(results.filter((r) => r === "reserved")).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== "reserved"))).toEqual(new Set(["in_use"]));
  });

  it("a released reservation may be taken again; a used one never", async () => {
    const store = new MemoryReservationStore();
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("reserved");
    await store.release(KEY);
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("reserved");
    await store.markUsed(KEY);
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("used");
    await store.release(KEY);
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("used");
  });

  it(`an authorization that ended unsettled ${MAX_UNSETTLED_ENDS} times is exhausted`, async () => {
    const store = new MemoryReservationStore();
    for (let i = 0; i < MAX_UNSETTLED_ENDS; i++) {
      expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("reserved");
      await store.release(KEY);
    }
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("exhausted");
  });

  it("a forgotten reservation leaves no trace; keys are case-insensitive", async () => {
    const store = new MemoryReservationStore();
    expect(await store.reserve(KEY, Date.now() + 60_000)).toBe("reserved");
    await store.forget(KEY);
    expect(store.size).toBe(0);
    const upper = keyOf({ network: "eip155:8453", asset: "0xa", payer: "0xb", nonce: "0xc" });
    expect(upper).toBe(KEY);
  });

  it("forgets an authorization once it has expired, whatever its state", async () => {
    let now = 1_000_000;
    const store = new MemoryReservationStore(() => now);
    expect(await store.reserve(KEY, now + 60_000)).toBe("reserved");
    await store.markUsed(KEY);
    now += 60_001;
    expect(await store.reserve(KEY, now + 60_000)).toBe("reserved");
  });
});
