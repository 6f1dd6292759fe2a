import { randomBytes } from "node:crypto";
import { type TestCdpKey, testCdpKey } from "@svc/test-support/cdp-keys";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import {
  CDP_HOST,
  CDP_PATH,
  type CdpStandIn,
  startCdpStandIn,
} from "../test-support/cdp-facilitator-stand-in.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type RunningService, startService } from "./start-service.js";

/**
 * Coinbase's facilitator authenticates every call with a short-lived JWT signed by the
 * operator's CDP API key and naming the call's method, host and path. Here a local stand-in
 * checks every token as Coinbase does (signature, key id, issuer, validity, `uris`, an unseen
 * nonce) and hands accepted calls to the devnet's facilitator, which verifies and settles on the
 * local chain. The service is configured with CDP keys as CDP issues them (ECDSA as SEC1 PEM,
 * Ed25519 as base64) and `FACILITATOR_URL` pointing at the stand-in (development only).
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = `/api/ofac-wallet-screen/${LISTED}`;
const PRICE = 10_000n;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
}, 60_000);
afterAll(async () => {
  await devnet?.stop();
});

/** A token signed with `key` as CDP's are, for `uri`, valid from `nbf` to `exp` (seconds). */
const forged = (key: TestCdpKey, uri: string, nbf: number, exp: number) =>
  new SignJWT({ sub: key.id, iss: "cdp", uris: [uri] })
    .setProtectedHeader({
      alg: key.alg,
      kid: key.id,
      typ: "JWT",
      nonce: randomBytes(16).toString("hex"),
    })
    .setIssuedAt(nbf)
    .setNotBefore(nbf)
    .setExpirationTime(exp)
    .sign(key.privateKey);

describe.each([
  ["ecdsa", 0],
  ["ed25519", 1],
] as const)(
  "Coinbase's facilitator (a local stand-in), with an %s key as CDP issues it",
  (kind, payerIndex) => {
    const key = testCdpKey(kind);
    let standIn: CdpStandIn;
    let service: RunningService;

    beforeAll(async () => {
      standIn = await startCdpStandIn(key, devnet.facilitator);
      service = await startService(
        loadServiceConfig({
          PORT: "0",
          LOG_REQUESTS: "0",
          LEDGER_DIR: ledgerDir(),
          CDP_API_KEY_ID: key.id,
          CDP_API_KEY_SECRET: key.secret,
          FACILITATOR_URL: standIn.url,
          PAY_TO: devnet.payTo,
        }),
      );
    }, 60_000);
    afterAll(async () => {
      await service?.stop();
      await standIn?.close();
    });

    it("a paid screening (a real x402 client) settles through the stand-in, every call with a fresh token; the payee gains exactly the price", async () => {
      const payer = devnet.payers[payerIndex];
      if (payer === undefined) throw new Error("the devnet has too few payers");
      const before = await devnet.balanceOf(devnet.payTo);
      const paid = await payingNetworkFetch(payer.privateKey)(`${service.url}${SCREEN}`);
      expect(paid.status).toBe(200);
      const answer = (await paid.json()) as { data: { summary: { status: string } } };
      expect(answer.data.summary.status).toBe("match");
      expect(paid.headers.get("PAYMENT-RESPONSE")).not.toBeNull();
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);

      expect(standIn.calls.filter((c) => c.status !== 200)).toEqual([]);
      const called = standIn.calls.map((c) => `${c.method} ${c.path}`);
      expect(called).toContain(`POST ${CDP_PATH}/verify`);
      expect(called).toContain(`POST ${CDP_PATH}/settle`);
      const nonces = standIn.calls.map((c) => c.nonce);
      expect(nonces.every((n) => typeof n === "string")).toBe(true);
      expect(new Set(nonces).size).toBe(nonces.length);
      expect(new Set(standIn.calls.map((c) => c.token)).size).toBe(nonces.length);
    });

    it("refuses (401) a captured token replayed, a token for another call, an expired token, one signed by another key, and none", async () => {
      const verify = standIn.calls.find((c) => c.path === `${CDP_PATH}/verify`);
      if (verify?.token === undefined) throw new Error("no /verify call was seen");
      const send = async (path: string, token?: string, method = "POST") => {
        const res = await fetch(`${standIn.url}${path}`, {
          method,
          headers: {
            "content-type": "application/json",
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          },
          ...(method === "POST" ? { body: "{}" } : {}),
        });
        return {
          status: res.status,
          reason: ((await res.json()) as { errorMessage?: string }).errorMessage,
        };
      };
      expect(await send("/verify", verify.token)).toEqual({
        status: 401,
        reason: "replayed token: its nonce was seen before",
      });
      expect(await send("/settle", verify.token)).toMatchObject({
        status: 401,
        reason: expect.stringContaining(`not ["POST ${CDP_HOST}${CDP_PATH}/settle"]`),
      });

      const now = Math.floor(Date.now() / 1000);
      const supported = `GET ${CDP_HOST}${CDP_PATH}/supported`;
      // The same forgery, current: accepted (so what refuses the others is what they change).
      expect(
        await send("/supported", await forged(key, supported, now - 5, now + 60), "GET"),
      ).toEqual({ status: 200, reason: undefined });
      expect(
        await send("/supported", await forged(key, supported, now - 300, now - 180), "GET"),
      ).toMatchObject({ status: 401, reason: expect.stringContaining("ERR_JWT_EXPIRED") });
      expect(
        await send("/supported", await forged(key, supported, now + 60, now + 180), "GET"),
      ).toMatchObject({
        status: 401,
        reason: expect.stringContaining("ERR_JWT_CLAIM_VALIDATION_FAILED"),
      });
      const stranger = { ...testCdpKey(kind), id: key.id };
      expect(
        await send("/supported", await forged(stranger, supported, now - 5, now + 60), "GET"),
      ).toMatchObject({
        status: 401,
        reason: expect.stringContaining("ERR_JWS_SIGNATURE_VERIFICATION_FAILED"),
      });
      expect(await send("/supported", undefined, "GET")).toEqual({
        status: 401,
        reason: "no bearer token",
      });
    });
  },
);
