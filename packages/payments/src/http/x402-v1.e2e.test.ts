import {
  payloadFor,
  paymentHeader,
  v1PayloadFor,
  v1PaymentHeader,
} from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// x402 v1 beside v2, on the real local chain: the 402 states the terms in both versions, and a
// v1 payment (`X-PAYMENT`, signed by x402's own v1 client) is verified and settled by the
// facilitator's v1 kind and answered with `X-PAYMENT-RESPONSE`.
let devnet: Devnet;
let app: ReturnType<typeof paidApp>["app"];
let runs: ReturnType<typeof paidApp>["runs"];
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 3 });
  ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
    slowMs: 300,
  }));
});
afterAll(async () => {
  await devnet?.stop();
});

const unpaid = (path: string) => app.request(`${BASE}${path}`, { method: "POST" });
const v1BodyOf = async (path: string) => (await (await unpaid(path)).json()) as PaymentRequiredV1;
const postV1 = (path: string, header: string) =>
  app.request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-PAYMENT": header },
    body: '{"a":1}',
  });
const errorOf = async (res: Response) => ((await res.json()) as PaymentRequiredV1).error;

describe("the 402 in both versions", () => {
  it("carries v2's terms in PAYMENT-REQUIRED and v1's in the body: the same price, payee, asset and resource, v1's network name, the bazaar declaration only in the header", async () => {
    const res = await unpaid("/paid/echo");
    expect(res.status).toBe(402);
    const v2 = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
    const v1 = (await res.json()) as PaymentRequiredV1;
    expect(v2.x402Version).toBe(2);
    expect(v1.x402Version).toBe(1);
    expect(v1.error).toBe(v2.error);
    expect(v2.extensions?.bazaar).toMatchObject({
      info: { input: { type: "http", method: "POST", body: { text: "hello" } } },
    });
    const [a2] = v2.accepts;
    expect(v1.accepts).toEqual([
      {
        scheme: "exact",
        network: "base",
        maxAmountRequired: a2?.amount,
        resource: `${BASE}/paid/echo`,
        description: v2.resource.description,
        mimeType: "application/json",
        // Not repeated from the header, which holds it (v1's outputSchema is optional).
        outputSchema: {},
        payTo: a2?.payTo,
        maxTimeoutSeconds: a2?.maxTimeoutSeconds,
        asset: a2?.asset,
        extra: a2?.extra,
      },
    ]);
  });
});

describe("a v1 payment", () => {
  it("pays: the handler runs once, the payee gains exactly the price, the receipt comes as X-PAYMENT-RESPONSE in v1's words", async () => {
    const before = await devnet.balanceOf(devnet.payTo);
    const payload = await v1PayloadFor(await v1BodyOf("/paid/echo"), devnet.payers[0]!.privateKey);
    expect(payload.x402Version).toBe(1);
    const res = await postV1("/paid/echo", v1PaymentHeader(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, echoed: { a: 1 } });
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    const receipt = decodePaymentResponseHeader(res.headers.get("X-PAYMENT-RESPONSE") as string);
    expect(receipt).toMatchObject({ success: true, network: "base" });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });

  it("replayed after it paid is refused, and charges nothing more", async () => {
    const payload = await v1PayloadFor(await v1BodyOf("/paid/echo"), devnet.payers[1]!.privateKey);
    expect((await postV1("/paid/echo", v1PaymentHeader(payload))).status).toBe(200);
    const before = await devnet.balanceOf(devnet.payTo);
    const ran = runs.echo;
    const replay = await postV1("/paid/echo", v1PaymentHeader(payload));
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toBe("payment_already_used");
    expect(runs.echo).toBe(ran);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
  });

  it("is one payment with the same authorization presented as v2: used once, whichever version comes first", async () => {
    const v2Challenge = decodePaymentRequiredHeader(
      (await unpaid("/paid/other")).headers.get("PAYMENT-REQUIRED") as string,
    ) as PaymentRequired;
    const v2 = await payloadFor(v2Challenge, devnet.payers[2]!.privateKey);
    const asV1 = { x402Version: 1, scheme: "exact", network: "base", payload: v2.payload };
    expect((await postV1("/paid/other", v1PaymentHeader(asV1 as never))).status).toBe(200);
    const again = await app.request(`${BASE}/paid/other`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": paymentHeader(v2) },
      body: "{}",
    });
    expect(again.status).toBe(402);
    expect(await errorOf(again)).toBe("payment_already_used");
  });

  it("on a route of another price is refused before anything runs", async () => {
    const payload = await v1PayloadFor(await v1BodyOf("/paid/echo"), devnet.payers[0]!.privateKey);
    const ran = runs.premium;
    const res = await postV1("/paid/premium", v1PaymentHeader(payload));
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("invalid_exact_evm_payload_authorization_value_mismatch");
    expect(runs.premium).toBe(ran);
  });

  it("on a network the terms do not name is refused as not matching them", async () => {
    const payload = await v1PayloadFor(await v1BodyOf("/paid/echo"), devnet.payers[0]!.privateKey);
    const res = await postV1(
      "/paid/echo",
      v1PaymentHeader({ ...payload, network: "base-sepolia" as never }),
    );
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("payment_does_not_match_requirements");
  });

  it("for a request that fails is not charged, and pays for the next one", async () => {
    const before = await devnet.balanceOf(devnet.payTo);
    const payload = await v1PayloadFor(
      await v1BodyOf("/paid/refuse"),
      devnet.payers[0]!.privateKey,
    );
    const failed = await postV1("/paid/refuse", v1PaymentHeader(payload));
    expect(failed.status).toBe(400);
    expect(failed.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
    expect((await postV1("/paid/echo", v1PaymentHeader(payload))).status).toBe(200);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });

  it("raced ×10 on one route runs the handler once and charges once", async () => {
    const before = await devnet.balanceOf(devnet.payTo);
    const ran = runs.slow ?? 0;
    const header = v1PaymentHeader(
      await v1PayloadFor(await v1BodyOf("/paid/slow"), devnet.payers[1]!.privateKey),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postV1("/paid/slow", header)),
    );
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    expect(runs.slow).toBe(ran + 1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });
});
