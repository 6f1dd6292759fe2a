import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { encodeJsonHeader } from "./header-codec.js";

describe("encodeJsonHeader", () => {
  it("encodes exactly as @x402/core does, non-ASCII text included", () => {
    const required = {
      x402Version: 2,
      error: "Payment required — ünïcödé, 中文, 🙂",
      resource: { url: "https://svc/api/x?q=1", description: "d", mimeType: "application/json" },
      accepts: [],
    } as unknown as PaymentRequired;
    expect(encodeJsonHeader(required)).toBe(encodePaymentRequiredHeader(required));
    const receipt = {
      success: true,
      transaction: "0xabc",
      network: "eip155:8453",
    } as SettleResponse;
    expect(encodeJsonHeader(receipt)).toBe(encodePaymentResponseHeader(receipt));
  });
});
