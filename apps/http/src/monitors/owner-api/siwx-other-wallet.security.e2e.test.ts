import { openLedger, type PaymentLedger } from "@svc/ledger";
import { PRODUCTION_WEBHOOKS } from "@svc/monitoring";
import { Hono } from "hono";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountMonitorOwnerApi } from "./mount-monitor-owner-api.js";
import {
  makeMonitor,
  ownerApiApp,
  proofFor,
  type Served,
  serveApp,
  signingFetch,
} from "./owner-api-test-kit.js";

// The owner API on a real ledger (PGlite), served on a loopback port, signed in to by real
// wallets through x402's own client helpers: another wallet's valid proof reaches nothing.
const BASE = "eip155:8453";
const owner = privateKeyToAccount(generatePrivateKey());
const intruder = privateKeyToAccount(generatePrivateKey());
let ledger: PaymentLedger;
let served: Served;
let production: Served;
let monitorId: string;
let messageId: string;

beforeAll(async () => {
  ledger = await openLedger();
  const book = ledger.monitorBook();
  served = await serveApp(ownerApiApp(book, { allowLoopback: true }, [BASE]));
  production = await serveApp(ownerApiApp(book, PRODUCTION_WEBHOOKS, [BASE]));
  ({ id: monitorId, messageId } = await makeMonitor(
    book,
    `${BASE}:${owner.address.toLowerCase()}`,
  ));
  // The message delivered, so that a replay would take.
  const [due] = await book.claimDue(new Date(Date.now() + 1000), 10, 30_000);
  await book.recordAttempt({
    messageId: due?.id ?? messageId,
    at: new Date(),
    status: 200,
    durationMs: 3,
    outcome: "delivered",
  });
});
afterAll(async () => {
  await served?.stop();
  await production?.stop();
  await ledger?.close();
});

/** The monitor as the book holds it, and its log: what "nothing changed" compares. */
const snapshot = async () => ({
  monitor: await ledger.monitorBook().get(monitorId),
  log: await ledger.monitorBook().deliveryLog(monitorId),
});

type Problem = { success: false; error: string; code: string };

describe("a valid Sign-In-With-X proof of another wallet", () => {
  it("cannot list, read, patch, replay or delete the monitor: each 404 as for a monitor that does not exist, nothing changed", async () => {
    const before = await snapshot();
    const as = signingFetch(intruder);
    const list = await as(`${served.url}/api/monitors/mine`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: { monitors: unknown[] } }).data.monitors).toEqual([]);
    const calls: Array<[string, string, RequestInit?]> = [
      ["GET", `/api/monitors/${monitorId}`],
      ["GET", `/api/monitors/${monitorId}/deliveries`],
      [
        "PATCH",
        `/api/monitors/${monitorId}`,
        {
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ status: "paused", webhookUrl: "https://evil.example/hook" }),
        },
      ],
      ["POST", `/api/monitors/${monitorId}/deliveries/${messageId}/replay`],
      ["DELETE", `/api/monitors/${monitorId}`],
    ];
    // A monitor that does not exist: the same answers, byte for byte.
    const missing = "mon_doesnotexist000000000";
    for (const [method, path, init] of calls) {
      const theirs = await as(`${served.url}${path}`, { method, ...init });
      const none = await as(`${served.url}${path.replace(monitorId, missing)}`, {
        method,
        ...init,
      });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      const body = await theirs.text();
      expect(body, `${method} ${path}`).toBe(await none.text());
      expect((JSON.parse(body) as Problem).code).toBe("MONITOR_NOT_FOUND");
    }
    expect(await snapshot()).toEqual(before);
    // The owner's own proof reads it: the 404s were the other wallet's, not the monitor's.
    const mine = await signingFetch(owner)(`${served.url}/api/monitors/${monitorId}`);
    expect(mine.status).toBe(200);
  });
});

describe("proofs refused", () => {
  const url = () => `${served.url}/api/monitors/mine`;
  const send = (header: string, target = url()) =>
    fetch(target, { headers: { "SIGN-IN-WITH-X": header } });

  it("a replayed proof (the same nonce) is refused 401 SIWX_REPLAYED after its first use", async () => {
    const proof = await proofFor(owner, url(), BASE);
    expect((await send(proof)).status).toBe(200);
    const again = await send(proof);
    expect(again.status).toBe(401);
    expect(((await again.json()) as Problem).code).toBe("SIWX_REPLAYED");
  });

  it("a proof signed for another domain or another origin is refused 401 SIWX_WRONG_AUDIENCE", async () => {
    const otherDomain = await proofFor(owner, "https://screen.example.com/api/monitors", BASE);
    const r1 = await send(otherDomain);
    expect(r1.status).toBe(401);
    expect(((await r1.json()) as Problem).code).toBe("SIWX_WRONG_AUDIENCE");
    // The same host, another port: another origin.
    const port = Number(new URL(served.url).port);
    const otherPort = await proofFor(owner, `http://127.0.0.1:${port + 1}/api/monitors/mine`, BASE);
    const r2 = await send(otherPort);
    expect(r2.status).toBe(401);
    expect(((await r2.json()) as Problem).code).toBe("SIWX_WRONG_AUDIENCE");
  });

  it("an expired proof, or one issued too long ago, is refused 401 SIWX_EXPIRED", async () => {
    const now = Date.now();
    const expired = await proofFor(owner, url(), BASE, {
      issuedAt: new Date(now - 120_000).toISOString(),
      expirationTime: new Date(now - 60_000).toISOString(),
    });
    const r1 = await send(expired);
    expect(r1.status).toBe(401);
    expect(((await r1.json()) as Problem).code).toBe("SIWX_EXPIRED");
    const stale = await proofFor(owner, url(), BASE, {
      issuedAt: new Date(now - 10 * 60_000).toISOString(),
      expirationTime: new Date(now + 60_000).toISOString(),
    });
    const r2 = await send(stale);
    expect(r2.status).toBe(401);
    expect(((await r2.json()) as Problem).code).toBe("SIWX_EXPIRED");
  });

  it("a proof whose signature is another wallet's than its address's is refused 401 SIWX_BAD_SIGNATURE", async () => {
    const forged = JSON.parse(
      Buffer.from(await proofFor(intruder, url(), BASE), "base64").toString(),
    ) as Record<string, unknown>;
    forged.address = owner.address;
    const r = await send(Buffer.from(JSON.stringify(forged)).toString("base64"));
    expect(r.status).toBe(401);
    expect(((await r.json()) as Problem).code).toBe("SIWX_BAD_SIGNATURE");
  });

  it("a malformed header is 400 SIWX_MALFORMED with a sentence, never a stack", async () => {
    for (const header of [
      "not base64 at all!",
      Buffer.from("{not json").toString("base64"),
      Buffer.from(JSON.stringify({ domain: 1 })).toString("base64"),
      "A".repeat(9000),
    ]) {
      const r = await send(header);
      expect(r.status, header.slice(0, 20)).toBe(400);
      const body = (await r.json()) as Problem;
      expect(body).toMatchObject({ success: false, code: "SIWX_MALFORMED" });
      expect(JSON.stringify(body)).not.toMatch(/\bat .*\(|node_modules|\.ts:\d+/);
    }
  });

  it("without a proof: 402 SIWX_REQUIRED whose PAYMENT-REQUIRED is x402's sign-in challenge for this service, nothing to pay", async () => {
    const r = await fetch(url());
    expect(r.status).toBe(402);
    expect(((await r.json()) as Problem).code).toBe("SIWX_REQUIRED");
    const challenge = JSON.parse(
      Buffer.from(r.headers.get("PAYMENT-REQUIRED") ?? "", "base64").toString(),
    );
    expect(challenge).toMatchObject({
      x402Version: 2,
      accepts: [],
      extensions: {
        "sign-in-with-x": {
          info: { domain: new URL(served.url).host, uri: url(), version: "1" },
          supportedChains: [{ chainId: BASE, type: "eip191" }],
        },
      },
    });
  });
});

describe("webhook URLs in production mode", () => {
  it("a private, loopback or plain-http webhook URL is refused 400 INVALID_WEBHOOK_URL and nothing changes", async () => {
    const before = await snapshot();
    for (const webhookUrl of [
      "https://10.0.0.5/hook",
      "https://169.254.169.254/latest/meta-data",
      "http://127.0.0.1:8080/hook",
      "https://[::1]/hook",
    ]) {
      const r = await signingFetch(owner)(`${production.url}/api/monitors/${monitorId}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ webhookUrl, status: "paused" }),
      });
      expect(r.status, webhookUrl).toBe(400);
      expect(((await r.json()) as Problem).code).toBe("INVALID_WEBHOOK_URL");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("failed sign-ins are rate-limited per client", () => {
  it("past its allowance of refusals a client is 429 with Retry-After, even with a valid proof, before it is read", async () => {
    const limited = await serveApp(
      ownerApiApp(ledger.monitorBook(), { allowLoopback: true }, [BASE], {
        burst: 3,
        perSecond: 0.01,
      }),
    );
    try {
      const url = `${limited.url}/api/monitors/mine`;
      expect((await fetch(url)).status).toBe(402);
      expect((await fetch(url, { headers: { "SIGN-IN-WITH-X": "garbage!" } })).status).toBe(400);
      expect((await fetch(url)).status).toBe(402);
      const over = await fetch(url);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await over.json()) as Problem).code).toBe("RATE_LIMITED");
      const proof = await proofFor(owner, url, BASE);
      expect((await fetch(url, { headers: { "SIGN-IN-WITH-X": proof } })).status).toBe(429);
      // The proof was never read: its nonce is still unused, so it works where not held back.
      const elsewhere = await fetch(`${served.url}/api/monitors/mine`, {
        headers: {
          "SIGN-IN-WITH-X": await proofFor(owner, `${served.url}/api/monitors/mine`, BASE),
        },
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe("the audience of a proof", () => {
  it("without a public base URL and outside development, every sign-in is refused 503 (a Host the caller chooses cannot be the audience)", async () => {
    const app = new Hono();
    mountMonitorOwnerApi(app, {
      book: ledger.monitorBook(),
      webhookPolicy: PRODUCTION_WEBHOOKS,
      networks: [BASE],
    });
    const relayed = await proofFor(owner, "https://evil.example/api/monitors", BASE);
    const r = await app.request("https://evil.example/api/monitors/mine", {
      headers: { "SIGN-IN-WITH-X": relayed },
    });
    expect(r.status).toBe(503);
    expect(((await r.json()) as Problem).code).toBe("SIGN_IN_UNAVAILABLE");
  });

  it("with a public base URL, a proof for the Host a caller sends instead is refused 401 SIWX_WRONG_AUDIENCE", async () => {
    const app = new Hono();
    mountMonitorOwnerApi(app, {
      book: ledger.monitorBook(),
      webhookPolicy: PRODUCTION_WEBHOOKS,
      networks: [BASE],
      baseUrl: "https://screen.example.com",
    });
    const relayed = await proofFor(owner, "https://evil.example/api/monitors", BASE);
    const r = await app.request("https://evil.example/api/monitors/mine", {
      headers: { "SIGN-IN-WITH-X": relayed, Host: "evil.example" },
    });
    expect(r.status).toBe(401);
    expect(((await r.json()) as Problem).code).toBe("SIWX_WRONG_AUDIENCE");
    const ours = await proofFor(owner, "https://screen.example.com/api/monitors", BASE);
    const mine = await app.request("https://evil.example/api/monitors/mine", {
      headers: { "SIGN-IN-WITH-X": ours, Host: "evil.example" },
    });
    expect(mine.status).toBe(200);
  });
});
