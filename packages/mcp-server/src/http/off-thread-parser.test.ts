import { afterAll, describe, expect, it } from "vitest";
import { OffThreadParser, type TrimRules } from "./off-thread-parser.js";

const parser = new OffThreadParser();
afterAll(() => parser.close());

const RULES: TrimRules = {
  paidTools: ["batch_wallet_screen", "ofac_wallet_report"],
  paymentKey: "x402/payment",
  priceArguments: ["output_format"],
};
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const call = (name: string, args: unknown, meta?: unknown) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) },
});
const junk = Array.from({ length: 200_000 }, () => 1);

describe("OffThreadParser", () => {
  it("unpaid amplification: an unpaid call of a paid tool comes back without its arguments", async () => {
    const parsed = await parser.parse(
      bytesOf(call("batch_wallet_screen", { addresses: junk })),
      RULES,
    );
    expect(parsed).toEqual({ ok: true, message: call("batch_wallet_screen", {}) });
  });

  it("keeps the arguments that decide a price", async () => {
    const parsed = await parser.parse(
      bytesOf(call("ofac_wallet_report", { address: "x".repeat(100_000), output_format: "pdf" })),
      RULES,
    );
    expect(parsed).toEqual({
      ok: true,
      message: call("ofac_wallet_report", { output_format: "pdf" }),
    });
  });

  it("a paid call, a free tool and any other message come back whole", async () => {
    const paid = call("batch_wallet_screen", { addresses: ["a"] }, { "x402/payment": { p: 1 } });
    const free = call("server_capabilities", { junk: [1, 2] });
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { x: junk.slice(0, 10) } };
    for (const message of [paid, free, list, [paid, free]]) {
      expect(await parser.parse(bytesOf(message), RULES)).toEqual({ ok: true, message });
    }
  });

  it("what is not JSON is refused, and the parser goes on", async () => {
    expect(await parser.parse(new TextEncoder().encode("{not json"), RULES)).toEqual({ ok: false });
    expect(await parser.parse(bytesOf({ a: 1 }), RULES)).toEqual({ ok: true, message: { a: 1 } });
  });

  it("survives its worker being stopped", async () => {
    await parser.close();
    expect(await parser.parse(bytesOf([1]), RULES)).toEqual({ ok: true, message: [1] });
  });
});
