import { markCharged } from "@svc/payments";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { memoryLog } from "../log/test-support/memory-log.js";
import { requestLog } from "./request-log.js";

describe("requestLog", () => {
  it("logs one request line per request: its level by status, its id, and whether it was charged", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = new Hono();
    app.use("*", requestId());
    app.use(
      "*",
      requestLog(memoryLog(lines), () => 0),
    );
    app.get("/ok", (c) => c.text("ok"));
    app.get("/paid", (c) => c.text("pay", 402));
    app.get("/charged", (c) => {
      markCharged(c);
      return c.text("done");
    });
    app.get("/fail", (c) => c.text("no", 503));
    // A receipt of another request's payment is not a charge of this one.
    app.get("/receipt", (c) => c.text("receipt", 200, { "PAYMENT-RESPONSE": "e30=" }));
    for (const path of ["/ok", "/paid", "/charged", "/fail", "/missing", "/receipt"]) {
      await app.request(path, { headers: { "X-Request-Id": `id-${path.slice(1)}` } });
    }
    const expected: [string, string, number, boolean][] = [
      ["info", "/ok", 200, false],
      ["info", "/paid", 402, false],
      ["info", "/charged", 200, true],
      ["error", "/fail", 503, false],
      ["warn", "/missing", 404, false],
      ["info", "/receipt", 200, false],
    ];
    expect(lines.map(({ time: _time, ...line }) => line)).toEqual(
      expected.map(([level, path, status, charged]) => ({
        level,
        msg: "request",
        requestId: `id-${path.slice(1)}`,
        method: "GET",
        path,
        status,
        durationMs: 0,
        charged,
      })),
    );
  });
});
