import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// Bytes that cannot be an address, appended to a listed one in the GET route's path and paid
// for on the real local chain: refused as the batch body refuses them, never answered clear.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let stack: PaidStack;
let app: Hono;

beforeAll(async () => {
  stack = await startPaidStack(1);
  app = createApp({ ...stack.common, render: renderDocument });
});
afterAll(async () => {
  await stack?.stop();
});

describe("screening evasion through the path", () => {
  for (const junk of ["%FF%FE", "%ED%A0%80", "%C0%AE", "%G1"]) {
    it(`${LAZARUS}${junk} is refused 400 INVALID_ADDRESS and not charged, never clear`, async () => {
      const before = await stack.devnet.balanceOf(stack.devnet.payTo);
      const pay = payingFetch(app.request, stack.devnet.payers[0]!.privateKey);
      const res = await pay(`http://svc.test/api/ofac-wallet-screen/${LAZARUS}${junk}`);
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({
        success: false,
        code: "INVALID_ADDRESS",
        issues: [{ path: "address" }],
      });
      expect(text).not.toMatch(/clear/);
      expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
    });
  }
});
