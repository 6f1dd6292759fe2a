import type { McpTestClient } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import type { ToolCallReport } from "./create-server.js";

/**
 * `onToolCall` on a server without payment gates (every tool free): each call of a listed tool
 * is reported once, with its outcome and duration; a call refused before a tool was found is not.
 */
const reports: ToolCallReport[] = [];
let client: McpTestClient;
beforeAll(async () => {
  client = await connect({ deps: await sampleDeps(), onToolCall: (r) => reports.push(r) });
});
afterAll(async () => client?.close());

// A tool taking an input, and a free one, from the catalog.
const withInput = TOOLS.find((t) => t.pricing.kind === "paid");
const free = TOOLS.find((t) => t.pricing.kind === "free");
if (withInput === undefined || free === undefined) throw new Error("the catalog changed");

describe("onToolCall", () => {
  it("reports an answered call as free, with its tool, a duration and no payment", async () => {
    reports.length = 0;
    const r = await client.callTool({ name: free.name, arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(reports).toEqual([
      { tool: free.name, outcome: "free", seconds: expect.any(Number), payment: undefined },
    ]);
    expect(reports[0]?.seconds).toBeGreaterThanOrEqual(0);
  });

  it("reports a call whose arguments are refused as an error", async () => {
    reports.length = 0;
    const r = await client.callTool({ name: withInput.name, arguments: { nope: 1 } });
    expect(r.isError).toBe(true);
    expect(reports.map((x) => [x.tool, x.outcome])).toEqual([[withInput.name, "error"]]);
  });

  it("reports nothing for an unknown tool (no caller-made name reaches a report)", async () => {
    reports.length = 0;
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toBeDefined();
    expect(reports).toEqual([]);
  });
});
