import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientRateLimit } from "./client-rate-limit.js";

/** An app behind the limit, its requests from `client` (the socket's peer address). */
function limited(options: Parameters<typeof clientRateLimit>[0]) {
  const app = new Hono();
  app.use("*", clientRateLimit(options));
  app.get("/", (c) => c.text("ok"));
  return (client: string) =>
    app.request("/", {}, { incoming: { socket: { remoteAddress: client } } });
}

describe("clientRateLimit", () => {
  it("takes a burst, then refuses 429 RATE_LIMITED with Retry-After until the bucket refills", async () => {
    let clock = 0;
    const send = limited({ burst: 3, perSecond: 0.5, now: () => clock });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send("10.0.0.1")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await send("10.0.0.1");
    expect(refused.headers.get("Retry-After")).toBe("2");
    expect(refused.headers.get("Connection")).toBe("close");
    expect(await refused.json()).toMatchObject({ success: false, code: "RATE_LIMITED" });
    // Another client has its own bucket.
    expect((await send("10.0.0.2")).status).toBe(200);
    clock = 2000;
    expect((await send("10.0.0.1")).status).toBe(200);
    expect((await send("10.0.0.1")).status).toBe(429);
  });

  it("keeps at most maxClients buckets: the least recently seen is dropped (and starts full again)", async () => {
    const send = limited({ burst: 1, perSecond: 0.001, maxClients: 2, now: () => 0 });
    expect((await send("a")).status).toBe(200);
    expect((await send("a")).status).toBe(429);
    expect((await send("b")).status).toBe(200);
    expect((await send("c")).status).toBe(200);
    // a was dropped for c, so it starts full again; c's bucket was kept, and is empty.
    expect((await send("a")).status).toBe(200);
    expect((await send("c")).status).toBe(429);
  });
});
