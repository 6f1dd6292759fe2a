import { reportPdfGenerate } from "@svc/compliance";
import { RenderPool } from "@svc/renderers/pool";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// A paid run that outlasts its budget is abandoned and not charged: the real PDF operation with
// a budget of 50 ms, a real worker pool, and the real local chain.
const PATH = "/api/tools/report/pdf/generate";
let stack: PaidStack;
let pool: RenderPool;
let served: Served;

beforeAll(async () => {
  stack = await startPaidStack(1);
  pool = new RenderPool({ threads: 1 });
  served = await serveOnLoopback(
    createApp({
      ...stack.common,
      render: (type, report, options) => pool.render(type, report, options),
      operations: [{ ...reportPdfGenerate, deadlineMs: 50 }],
    }),
  );
});
afterAll(async () => {
  await served?.close();
  await pool?.close();
  await stack?.stop();
});

const table = (rows: number) => ({
  report_meta: { report_type: "deadline", title: "Deadline", author: "test", date: "2026-01-15" },
  tables: {
    rows: {
      columns: ["n", "text"],
      rows: Array.from({ length: rows }, (_, i) => ({ n: i, text: `row ${i} `.repeat(8) })),
    },
  },
});
const post = (payment: PaymentPayload, body: unknown) =>
  fetch(`${served.origin}${PATH}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment),
    },
    body: JSON.stringify(body),
  });

describe("execution deadlines", () => {
  it("work past its deadline: a render that outlasts its budget is abandoned, answered 503 EXECUTION_TIMEOUT, and not charged", async () => {
    const challenge = decodePaymentRequiredHeader(
      (
        await fetch(`${served.origin}${PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).headers.get("PAYMENT-REQUIRED") as string,
    );
    const payment = await payerOf(stack.devnet.payers[0]!.privateKey).createPaymentPayload(
      challenge,
    );
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const res = await post(payment, table(3000));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: "EXECUTION_TIMEOUT" });
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(pool.stats.aborted).toBeGreaterThanOrEqual(1);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
  });
});

describe("execution deadlines, paid in x402 v1", () => {
  it("work past its deadline, paid with X-PAYMENT: abandoned, answered 503 EXECUTION_TIMEOUT, and not charged", async () => {
    const terms = (await (
      await fetch(`${served.origin}${PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      })
    ).json()) as PaymentRequiredV1;
    const header = v1PaymentHeader(await v1PayloadFor(terms, stack.devnet.payers[0]!.privateKey));
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const aborted = pool.stats.aborted;
    const res = await fetch(`${served.origin}${PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-PAYMENT": header },
      body: JSON.stringify(table(3000)),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: "EXECUTION_TIMEOUT" });
    expect(res.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    expect(pool.stats.aborted).toBeGreaterThan(aborted);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
  });
});
