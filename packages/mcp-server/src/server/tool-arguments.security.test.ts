import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { createMcpServer } from "./create-server.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let client: Client;

beforeAll(async () => {
  client = await connect(createMcpServer({ deps: await sampleDeps() }));
});
afterAll(async () => client?.close());

describe("hostile tool arguments", () => {
  it("prototype pollution: a __proto__ member is never read (valibot skips it) and pollutes nothing", async () => {
    const args = JSON.parse(`{"address":"${LAZARUS}","__proto__":{"polluted":true}}`);
    const r = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
    expect(r.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
    expect(JSON.stringify(r.structuredContent)).not.toContain("polluted");
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
