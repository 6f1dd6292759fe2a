import { baseTerms, createPaymentServer } from "@svc/payments";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { BATCH_REFUSAL } from "./batch-body.js";
import { ANY_CALLER } from "./caller-policy.js";
import { LARGE_BODY_BYTES } from "./mcp-http-handler.js";
import { createMcpHttpHost, type McpHttpHost } from "./mcp-http-host.js";

// Unpaid MCP batches: a client of MCP 2025-03-26 may send a JSON array of calls in one POST, and
// each unpaid call of a paid tool was answered by its own payment challenge: 100 unpaid
// report_pdf_generate calls (8.8 KB) came back as 2.0 MB. The host is the hosted one, its tools
// paid on the real local chain; no batch may answer more than 16 KB unpaid.
const SMALL = 16 * 1024;
let devnet: Devnet;
let host: McpHttpHost;

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
  host = createMcpHttpHost({
    deps: await sampleDeps(),
    payments: { server: createPaymentServer(devnet.facilitator), terms: [baseTerms(devnet.payTo)] },
    maxBodyBytes: 1024 * 1024,
    callers: ANY_CALLER,
  });
});
afterAll(async () => {
  await devnet?.stop();
});

/** An unpaid call of the paid report_pdf_generate, `padding` characters in its title. */
const pdfCall = (id: number, padding = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: {
    name: "report_pdf_generate",
    arguments: { report_meta: { title: "t".repeat(padding) }, tables: {} },
  },
});

const post = (body: string, headers: Record<string, string> = {}) =>
  host(
    new Request("http://mcp.test/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-03-26",
        ...headers,
      },
      body,
    }),
  );

/** Sends `body`, expecting the batch refusal: its bytes. */
async function refused(body: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await post(body, headers);
  const text = await res.text();
  expect(res.status).toBe(400);
  expect(JSON.parse(text)).toEqual({
    jsonrpc: "2.0",
    error: { code: -32600, message: BATCH_REFUSAL.message },
    id: null,
  });
  return Buffer.byteLength(text);
}

const batchOf = (count: number, padding = 1) =>
  JSON.stringify(Array.from({ length: count }, (_, i) => pdfCall(i + 1, padding)));

describe("unpaid MCP batches: one small refusal, no member answered", () => {
  it("a 2025-03-26 batch of 100 unpaid report_pdf_generate calls: one -32600 under 16 KB, nothing charged", async () => {
    const before = await devnet.balanceOf(devnet.payTo);
    const bytes = await refused(batchOf(100));
    expect(bytes).toBeLessThan(SMALL);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
  });

  it("a batch above the large-body bound (parsed off-thread otherwise) is refused alike", async () => {
    const body = batchOf(100, 1000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(LARGE_BODY_BYTES);
    expect(await refused(body)).toBeLessThan(SMALL);
  });

  it("a batch led by whitespace, of one call, or claiming 2026-07-28 is refused alike", async () => {
    await refused(` \n\t[${JSON.stringify(pdfCall(1))}]`);
    await refused(batchOf(1));
    await refused(batchOf(3), { "mcp-protocol-version": "2026-07-28" });
  });

  it("a bounded flood of 40 batches, 8 at a time: every answer small, far fewer bytes out than in", async () => {
    const body = batchOf(100);
    let sent = 0;
    let answered = 0;
    for (let round = 0; round < 5; round++) {
      const sizes = await Promise.all(Array.from({ length: 8 }, () => refused(body)));
      sent += 8 * Buffer.byteLength(body);
      answered += sizes.reduce((a, b) => a + b, 0);
    }
    expect(answered * 50).toBeLessThan(sent);
  });

  it("a single unpaid call still gets its payment challenge", async () => {
    const res = await post(JSON.stringify(pdfCall(1)));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { isError: boolean; structuredContent: object } };
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent).toMatchObject({ x402Version: 2 });
  });
});
