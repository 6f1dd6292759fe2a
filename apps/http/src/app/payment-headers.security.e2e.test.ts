import { request } from "node:http";
import { CATALOG } from "@svc/compliance";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapFetchWithPayment } from "x402-fetch";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { MAX_HOST_LENGTH, MAX_TARGET_LENGTH } from "./request-target.js";

/**
 * 402 headers past what proxies and clients take: a 402 names its URL (in its resource and in
 * its signed offer) and carried the bazaar's discovery declaration in `PAYMENT-REQUIRED` too.
 * Its headers were 4.7 to 6.0 KB for a short URL, above common proxy buffers, and 17.4 KB for a
 * long one, which undici refuses (16 KB): a client could not even read its challenge. Now every
 * paid route's 402, for the longest target and Host the service accepts, has at most 8 KB of
 * headers. The service as it runs: signed offers, its own local chain.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const MAX_HEADER_BYTES = 8 * 1024;

let service: RunningService;
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: ledgerDir() }),
    { log: memoryLog([]) },
  );
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

/** The longest Host the service takes: DNS labels of 63 characters and a port. */
const LONGEST_HOST = (() => {
  const port = ":65535";
  let name = "";
  while (name.length + 64 + port.length <= MAX_HOST_LENGTH) name += `${"h".repeat(63)}.`;
  return `${name}${"h".repeat(MAX_HOST_LENGTH - name.length - port.length)}${port}`;
})();

/** `path` padded with a query to the longest target the service takes. */
const longest = (path: string) => `${path}?pad=${"p".repeat(MAX_TARGET_LENGTH - path.length - 5)}`;

/** Sends one request; its status and the bytes of its status line and headers as sent. */
const headOf = (method: string, target: string, host: string) =>
  new Promise<{ status: number; headerBytes: number }>((resolve, reject) => {
    const { hostname, port } = new URL(service.url);
    const body = method === "POST" ? "{}" : undefined;
    const req = request(
      {
        hostname,
        port,
        method,
        path: target,
        // What is being measured must be read whole, whatever its size.
        maxHeaderSize: 1024 * 1024,
        headers: {
          host,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
      },
      (res) => {
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        }
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headerBytes }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });

const PAID = CATALOG.filter((op) => op.price !== undefined);
const pathOf = (path: string) => path.replace(/:\w+/g, LISTED);

describe("402 headers within 8 KB for any URL the service accepts", () => {
  it.each(PAID.map((op) => [op.method, op.path] as const))(
    "%s %s: the longest target on the longest Host",
    async (method, path) => {
      const target = longest(pathOf(path));
      expect(target).toHaveLength(MAX_TARGET_LENGTH);
      expect(LONGEST_HOST).toHaveLength(MAX_HOST_LENGTH);
      const { status, headerBytes } = await headOf(method, target, LONGEST_HOST);
      expect(status).toBe(402);
      expect(headerBytes).toBeLessThanOrEqual(MAX_HEADER_BYTES);
    },
  );

  it("one character more is refused small and cheap: 414 for the target, 400 for the Host", async () => {
    const path = pathOf("/api/ofac-wallet-screen/:address");
    const over = await headOf("GET", `${longest(path)}p`, "127.0.0.1");
    expect(over.status).toBe(414);
    const host = await headOf("GET", path, `h${LONGEST_HOST}`);
    expect(host.status).toBe(400);
    expect(Math.max(over.headerBytes, host.headerBytes)).toBeLessThan(1024);
  });

  it("an x402 v2 client (undici's fetch, which refuses headers over 16 KB) reads the longest target's 402 and pays it", async () => {
    const devnet = service.devnet;
    const payer = devnet?.payers[0];
    if (devnet === undefined || payer === undefined) throw new Error("development has a devnet");
    const before = await devnet.balanceOf(devnet.payTo);
    const paid = await payingNetworkFetch(payer.privateKey)(
      `${service.url}${longest(pathOf("/api/ofac-wallet-screen/:address"))}`,
    );
    // Paid, then refused for the query the route does not take, and not charged.
    expect(paid.status).toBe(400);
    expect(await paid.json()).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "pad" }] });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
    // The route's own URL, paid by the same client: answered and charged.
    const screened = await payingNetworkFetch(payer.privateKey)(
      `${service.url}${pathOf("/api/ofac-wallet-screen/:address")}`,
    );
    expect(screened.status).toBe(200);
    expect(screened.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
  });
});

describe("402s of the longest targets, paid in x402 v1", () => {
  it("x402-fetch (v1: the 402's body, X-PAYMENT) reads the longest target's 402 and pays it; the answer's X-PAYMENT-RESPONSE is read", async () => {
    const devnet = service.devnet;
    const payer = devnet?.payers[1];
    if (devnet === undefined || payer === undefined) throw new Error("development has a devnet");
    // x402 v1 signs locally: the wallet client's RPC is never called (x402-v1-clients test).
    const wallet = createWalletClient({
      account: privateKeyToAccount(payer.privateKey),
      chain: base,
      transport: http(devnet.rpcUrl),
    });
    const pay = wrapFetchWithPayment(fetch, wallet as never);
    const before = await devnet.balanceOf(devnet.payTo);
    const refused = await pay(
      `${service.url}${longest(pathOf("/api/ofac-wallet-screen/:address"))}`,
    );
    expect(refused.status).toBe(400);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
    const screened = await pay(`${service.url}${pathOf("/api/ofac-wallet-screen/:address")}`);
    expect(screened.status).toBe(200);
    expect(screened.headers.get("X-PAYMENT-RESPONSE")).toBeTruthy();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });
});
