import { request } from "node:http";
import { generateSigningKey, type SigningKey } from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { randomLongestAddress } from "@svc/ofac-index/testing";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import {
  MAX_SIGNED_ATTESTATION_LENGTH,
  MAX_VERIFY_BODY_BYTES,
  VERIFY_RATE_LIMIT,
} from "./free-attestation-endpoints.js";

// A flood of forged attestations on the free verify route: 1 MB forgeries were read, parsed and
// checked whole, and from one client without end (/health p99 249 ms under it). The route now
// reads no more than the longest attestation the service signs, and takes a burst per client.
const BASE = "http://svc.test";
const VERIFY = ATTESTATION_PATHS.verify;
const MB = 1_000_000;

let stack: PaidStack;
let key: SigningKey;
let app: Hono;
/** The same app on a real socket, its refill slowed so a flood's count is exact. */
let served: Served;

beforeAll(async () => {
  stack = await startPaidStack();
  key = await generateSigningKey();
  const common = { ...stack.common, render: renderDocument, attestation: { key, retired: [] } };
  app = createApp(common);
  served = await serveOnLoopback(
    createApp({ ...common, verifyRateLimit: { burst: VERIFY_RATE_LIMIT.burst, perSecond: 0.001 } }),
  );
});
afterAll(async () => {
  await served?.close();
  await stack?.stop();
});

/** A forged attestation of `length` characters: the shape of a JWS, signed by nobody. */
const forged = (length: number) =>
  `eyJhbGciOiJFZERTQSJ9.${"A".repeat(Math.max(1, length - 107))}.${"B".repeat(86)}`;

/** How much of a body `post` sends before it has an answer. */
const SENT_AT_MOST = 64 * 1024;

/** POSTs `body` to the served app from `localAddress` over a new connection: status and code. */
const post = (body: string, localAddress = "127.0.0.1") =>
  new Promise<{ status: number; code?: string; retryAfter?: string }>((resolve, reject) => {
    const req = request(
      `${served.origin}${VERIFY}`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          req.destroy();
          const answer = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { code?: string };
          resolve({
            status: res.statusCode ?? 0,
            code: answer.code,
            retryAfter: res.headers["retry-after"],
          });
        });
      },
    );
    req.on("error", reject);
    // A large body is declared whole and only its start sent: a refusal comes without the rest
    // (then the request is dropped), so nothing waits on a body the server will not read.
    if (Buffer.byteLength(body) <= SENT_AT_MOST) req.end(body);
    else req.write(body.slice(0, SENT_AT_MOST));
  });

describe("a flood of forged attestations on POST /api/attestations/verify", () => {
  it("the route reads at most the longest attestation the service signs, with room for line breaks", () => {
    expect(MAX_SIGNED_ATTESTATION_LENGTH).toBe(141_995);
    expect(MAX_VERIFY_BODY_BYTES).toBe(163_841);
  });

  it("the longest attestation the service signs verifies: a paid batch of 100 addresses of 256 characters, also broken into lines", async () => {
    const payer = stack.devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const addresses = Array.from({ length: 100 }, randomLongestAddress);
    const res = await payingFetch(app.request, payer.privateKey)(
      `${BASE}/api/workflows/compliance/batch-wallet-screen`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ addresses }),
      },
    );
    expect(res.status).toBe(200);
    const { attestation } = (await res.json()) as { attestation: string };
    expect(attestation.length).toBeGreaterThan(100_000);
    expect(attestation.length).toBeLessThanOrEqual(MAX_SIGNED_ATTESTATION_LENGTH);
    // As printed in a document's appendix: 64 characters a line.
    const printed = attestation.replace(/.{64}/g, "$&\r\n");
    for (const sent of [attestation, printed]) {
      const body = JSON.stringify({ attestation: sent });
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_VERIFY_BODY_BYTES);
      const verdict = await app.request(`${BASE}${VERIFY}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(await verdict.json()).toMatchObject({ valid: true });
    }
  });

  it("1 MB forgeries, sent over a socket: each 413 PAYLOAD_TOO_LARGE from its Content-Length", async () => {
    const body = JSON.stringify({ attestation: forged(MB) });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(body, "127.0.0.3"));
    expect(answers).toEqual(
      Array(5).fill({ status: 413, code: "PAYLOAD_TOO_LARGE", retryAfter: undefined }),
    );
    // One character over the longest signed one is refused by the schema, not verified.
    const over = await app.request(`${BASE}${VERIFY}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ attestation: forged(MAX_SIGNED_ATTESTATION_LENGTH + 1) }),
    });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("one client's flood: its burst is verified, the rest 429 RATE_LIMITED with Retry-After; another client and /health are answered", async () => {
    const body = JSON.stringify({ attestation: forged(32 * 1024) });
    const answers = [];
    for (let i = 0; i < VERIFY_RATE_LIMIT.burst + 10; i++) answers.push(await post(body));
    const verified = answers.slice(0, VERIFY_RATE_LIMIT.burst);
    expect(verified.every((a) => a.status === 200)).toBe(true);
    const refused = answers.slice(VERIFY_RATE_LIMIT.burst);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 429, code: "RATE_LIMITED" });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // 1 MB forgeries from the limited client are refused by the limit too, unread.
    expect(await post(JSON.stringify({ attestation: forged(MB) }))).toMatchObject({
      status: 429,
    });
    expect((await post(body, "127.0.0.2")).status).toBe(200);
    expect((await fetch(`${served.origin}/health`)).status).toBe(200);
  });
});
