import { GENERATIONS, type McpTestClient } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
describe.each(GENERATIONS)("to a client of MCP %s", (generation) => {
  let client: McpTestClient;

  beforeAll(async () => {
    client = await connect({ deps: await sampleDeps() }, generation);
  });
  afterAll(async () => client?.close());

  describe("malformed tools/call params are invalid params (-32602), said shortly", () => {
    // The SDK client validates what it sends, so these go through its raw request path.
    const raw = (params: Record<string, unknown>) =>
      client.callRaw(params).then(
        () => undefined,
        (error: { code?: number; message?: string }) => error,
      );

    for (const [name, params] of Object.entries({
      'arguments "x"': { name: "ofac_wallet_screen", arguments: "x" },
      "arguments an array": { name: "ofac_wallet_screen", arguments: [1, 2] },
      "no tool name": { arguments: {} },
    })) {
      it(`${name}: -32602, one short sentence, no internals`, async () => {
        const error = await raw(params);
        expect(error?.code).toBe(-32602);
        expect(error?.message?.length).toBeLessThan(200);
        expect(error?.message).not.toMatch(/zod|expected|\[|\{/i);
      });
    }
  });

  describe("hostile tool arguments", () => {
    it("prototype pollution: a __proto__ member is refused as an unknown member and pollutes nothing", async () => {
      const args = JSON.parse(`{"address":"${LAZARUS}","__proto__":{"polluted":true}}`);
      const r = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
      expect(r.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: [
          {
            path: "__proto__",
            message: 'unknown member "__proto__": this object accepts address, asset only',
          },
        ],
      });
      expect(JSON.stringify(r.structuredContent)).not.toMatch(/"clear"/);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });

    it("oversized batch: 101 addresses are refused with the bound", async () => {
      const r = await client.callTool({
        name: "batch_wallet_screen",
        arguments: { addresses: Array.from({ length: 101 }, () => LAZARUS) },
      });
      expect(r.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "addresses", message: "addresses must hold 1 to 100 addresses" }],
      });
    });

    it("screening evasion: a NUL after a sanctioned address is refused with the member's path, never answered clear", async () => {
      const r = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: `${LAZARUS}\u0000` },
      });
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r.structuredContent)).not.toMatch(/"clear"/);
      expect(r.structuredContent).toMatchObject({ success: false, issues: [{ path: "address" }] });
    });

    it("a Monte Carlo request that asks for more simulations than the bound is refused", async () => {
      const r = await client.callTool({
        name: "monte_carlo_decision_report",
        arguments: {
          analysis_type: "probability",
          request: { scenario: { parameters: { a: 1 }, threshold: 1 }, sims: 100_000_000 },
        },
      });
      expect(r.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "request.sims" }],
      });
    });
  });
});
