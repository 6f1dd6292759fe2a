import { describe, expect, it } from "vitest";
import { BodySlots } from "./body-slots.js";

describe("BodySlots", () => {
  it("lets `concurrency` holders in at once and the rest in order as slots free", async () => {
    const slots = new BodySlots(2, 10);
    const order: number[] = [];
    const holders = await Promise.all([slots.acquire(), slots.acquire()]);
    const third = slots.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = slots.acquire().then((release) => {
      order.push(4);
      return release;
    });
    expect(order).toEqual([]);
    holders[0]?.();
    (await third)?.();
    holders[1]?.();
    (await fourth)?.();
    expect(order).toEqual([3, 4]);
  });

  it("refuses at once past `maxWaiting` waiters", async () => {
    const slots = new BodySlots(1, 1);
    const held = await slots.acquire();
    const waiter = slots.acquire();
    expect(await slots.acquire()).toBeUndefined();
    held?.();
    expect(await waiter).toBeTypeOf("function");
  });

  it("a release called twice frees one slot only", async () => {
    const slots = new BodySlots(1, 5);
    const release = await slots.acquire();
    release?.();
    release?.();
    const a = await slots.acquire();
    let second = false;
    void slots.acquire().then(() => {
      second = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(second).toBe(false);
    a?.();
  });
});
