import { connectLinked, type ListedTool } from "@svc/test-support/mcp-client";
import { beforeAll, describe, expect, it } from "vitest";
import { serverCardOf } from "../card/server-card.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import type { AnyTool } from "../tools/tool.js";
import { createMcpServer } from "./create-server.js";
import type { GateFor } from "./tool-gates.js";

// `tools/list` as a client of the hosted server (which charges) and of the standalone one (which
// does not) gets it, over the SDK's in-memory transport: what a model reads before it has done
// anything. Every expectation is derived from the catalog's tools and their pricing.
const PAID = TOOLS.filter((t) => t.pricing.kind === "paid");
const FREE = TOOLS.filter((t) => t.pricing.kind === "free");

/** A charging server's gates; listing asks for none. */
const noGate: GateFor = () => {
  throw new Error("tools/list asks for no payment");
};

async function listing(paid: boolean): Promise<{ tools: ListedTool[]; bytes: number }> {
  const server = createMcpServer({ deps: await sampleDeps(), gateFor: paid ? noGate : undefined });
  const client = await connectLinked(server);
  try {
    const result = await client.listTools();
    return {
      tools: result.tools as ListedTool[],
      bytes: Buffer.byteLength(JSON.stringify(result)),
    };
  } finally {
    await client.close();
  }
}

const listedAs = (tools: readonly ListedTool[], tool: AnyTool): ListedTool => {
  const found = tools.find((t) => t.name === tool.name);
  if (found === undefined) throw new Error(`${tool.name} is not listed`);
  return found;
};

/** "$0.01" for the catalog's "0.01". */
const dollars = (price: string) => `$${price}`;

describe("tools/list of the hosted server (paid per call)", () => {
  let tools: ListedTool[];
  let bytes: number;
  beforeAll(async () => {
    ({ tools, bytes } = await listing(true));
  });

  it("lists every tool of the catalog in 24 KB or less, with no icon and no output schema", () => {
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(bytes).toBeLessThanOrEqual(24 * 1024);
    for (const tool of tools) {
      expect(tool.icons, tool.name).toBeUndefined();
      expect(tool.outputSchema, tool.name).toBeUndefined();
    }
  });

  it("starts each paid tool's description with its price from the catalog, paid per call over x402, and names the proxy that pays", () => {
    expect(PAID.length).toBeGreaterThan(0);
    for (const tool of PAID) {
      if (tool.pricing.kind !== "paid") continue;
      const { description = "" } = listedAs(tools, tool);
      expect(description.startsWith(`${dollars(tool.pricing.price)} per call`), description).toBe(
        true,
      );
      const pricing = description.slice(0, description.indexOf(tool.description));
      for (const price of Object.values(tool.pricing.byOutputFormat ?? {})) {
        expect(pricing, tool.name).toContain(dollars(price));
      }
      expect(pricing, tool.name).toContain("paid over x402 (USDC)");
      expect(pricing, tool.name).toContain("`svc-mcp --remote` pays for clients without");
      expect(description.endsWith(tool.description), tool.name).toBe(true);
    }
  });

  it("names each format's price for a tool priced by output_format", () => {
    const byFormat = PAID.filter(
      (t) => t.pricing.kind === "paid" && t.pricing.byOutputFormat !== undefined,
    );
    expect(byFormat.length).toBeGreaterThan(0);
    for (const tool of byFormat) {
      if (tool.pricing.kind !== "paid") continue;
      const { description = "" } = listedAs(tools, tool);
      for (const [format, price] of Object.entries(tool.pricing.byOutputFormat ?? {})) {
        expect(description, tool.name).toContain(`${dollars(price)} for ${format}`);
      }
    }
  });

  it("says a free tool is free, and no price", () => {
    for (const tool of FREE) {
      const { description = "" } = listedAs(tools, tool);
      expect(description.startsWith("Free."), tool.name).toBe(true);
      expect(description, tool.name).not.toMatch(/\$\d/);
    }
  });

  it("titles each tool for people: not its name, no snake_case", () => {
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.title, tool.name).not.toBe(tool.name);
      expect(tool.title, tool.name).not.toMatch(/_/);
      expect(tool.annotations?.title, tool.name).toBeUndefined();
    }
  });

  it("hints that a paid tool is neither read-only nor idempotent (a call moves the caller's USDC, and a repeated call is charged again), and a free one only reads", () => {
    for (const tool of PAID) {
      expect(listedAs(tools, tool).annotations, tool.name).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      });
    }
    for (const tool of FREE) {
      expect(listedAs(tools, tool).annotations, tool.name).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
  });

  it("promises no document the server has no tool for: no XLSX, no spreadsheet", () => {
    expect(JSON.stringify(tools)).not.toMatch(/xlsx|spreadsheet|excel/i);
  });

  it("says the same as the server card, which adds each tool's full schemas and price", () => {
    const card = serverCardOf({ baseUrl: "https://screen.test" });
    for (const [i, tool] of tools.entries()) {
      const whole = card.tools[i];
      expect(whole?.name).toBe(tool.name);
      expect(whole?.title).toBe(tool.title);
      expect(whole?.description).toBe(tool.description);
      expect(whole?.annotations).toEqual(tool.annotations);
      expect(whole?.outputSchema, tool.name).toMatchObject({ type: "object" });
      expect(whole?.description, tool.name).not.toMatch(/xlsx|spreadsheet|excel/i);
    }
  });
});

describe("tools/list of the standalone server (free, offline)", () => {
  let tools: ListedTool[];
  let bytes: number;
  beforeAll(async () => {
    ({ tools, bytes } = await listing(false));
  });

  it("gives each tool's own description, with no price, and hints that every tool only reads", () => {
    expect(bytes).toBeLessThanOrEqual(24 * 1024);
    for (const tool of TOOLS) {
      const listed = listedAs(tools, tool);
      expect(listed.description, tool.name).toBe(tool.description);
      expect(listed.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
      });
    }
  });
});
