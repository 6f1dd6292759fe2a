import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { RANDOM_FORMATS, randomAddress } from "@svc/ofac-index/testing";
import { MCP_PAYMENT_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp } from "@svc/test-support/mcp-client";
import { pdfText } from "@svc/test-support/pdf-text";
import { payerOf, payingFetch } from "@svc/test-support/x402-payer";
import type { PaymentRequired } from "@x402/core/types";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// A "clear" only for a real address, on the real 2025-11-19 edition and the real local chain:
// every string that is no address is refused (400 INVALID_ADDRESS, or an isError tool result)
// and nothing is charged, on every screening route and tool; a well-formed address one
// keystroke from a listed one is answered clear with the listed address named, everywhere a
// reviewer looks.
const EDITION = fileURLToPath(
  new URL(
    "../../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const HYDRA = "3K4rjdh8A5yi6LWvft2rbmyZvqEbPSSSX4"; // Hydra Market, XBT
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const XMR_HEX = "5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320"; // listed under XMR
/** Lazarus Group's address in lower case with its last digit changed: well-formed, unlisted. */
const LAZARUS_TYPO = `${LAZARUS.toLowerCase().slice(0, -1)}7`;
const BASE = "http://svc.test";

// biome-ignore lint/suspicious/noExplicitAny: an answer is read member by member, each asserted.
type Answer = Record<string, any>;

const NOT_ADDRESSES: Readonly<Record<string, string>> = {
  "Lazarus Group's address less a hex digit": LAZARUS.slice(0, -1),
  "Lazarus Group's address and a hex digit": `${LAZARUS}1`,
  "Hydra Market's address less its last character": HYDRA.slice(0, -1),
  "0x12": "0x12",
  G: "G",
  "hello-world-not-an-address": "hello-world-not-an-address",
  "a listed TRX address lower-cased": "tbclqqqyzjnj1ptuxfgj5h768nhnu5ndyn",
  "a listed XBT/BCH address upper-cased": "18M8BJWMZWHDBMXOLQJHHAFFDRY4SRZKFB",
};

let stack: PaidStack;
let app: Hono;
let served: Served;
let client: Client;

beforeAll(async () => {
  stack = await startPaidStack(3, EDITION);
  app = createApp({ ...stack.common, render: renderDocument });
  served = await serveOnLoopback(app);
  client = await connectHttp(`${served.origin}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await served?.close();
  await stack?.stop();
});

const payee = () => stack.devnet.balanceOf(stack.devnet.payTo);

/** A paid HTTP call by payer `i`: GET with no body, POST with a JSON body. */
const call = (path: string, body?: unknown, i = 0) =>
  payingFetch(app.request, stack.devnet.payers[i]!.privateKey)(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });

const screenPath = (address: string) => `/api/ofac-wallet-screen/${encodeURIComponent(address)}`;
const REPORT = "/api/workflows/compliance/wallet-sanctions-report";
const BATCH = "/api/workflows/compliance/batch-wallet-screen";
const EDD = "/api/workflows/compliance/edd-report";
const eddBody = (addresses: string[], output_format: "json" | "pdf") => ({
  subject_name: "Northwind OTC Ltd",
  addresses,
  output_format,
});

/** A paid tool call by payer `i`: the 402 result first, then the call with its payment. */
async function callTool(name: string, args: Record<string, unknown>, i = 1) {
  const unpaid = await client.callTool({ name, arguments: args });
  expect(unpaid.isError).toBe(true);
  const required = unpaid.structuredContent as unknown as PaymentRequired;
  const payment = await payerOf(stack.devnet.payers[i]!.privateKey).createPaymentPayload(required);
  return client.callTool({ name, arguments: args, _meta: { [MCP_PAYMENT_META]: payment } });
}

/** Runs `request` and checks that the payee's balance did not move. */
async function notCharged<T>(request: () => Promise<T>): Promise<T> {
  const before = await payee();
  const result = await request();
  expect(await payee()).toBe(before);
  return result;
}

/** An HTTP refusal: 400 INVALID_ADDRESS naming the path, never the word clear. */
async function expectRefused(res: Response, path: string) {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(JSON.parse(text)).toMatchObject({
    success: false,
    code: "INVALID_ADDRESS",
    issues: expect.arrayContaining([expect.objectContaining({ path })]),
  });
  expect(text).not.toMatch(/"status":"clear"/);
}

describe.each(Object.entries(NOT_ADDRESSES))("%s is refused and not charged", (_case, text) => {
  it("GET /api/ofac-wallet-screen/:address", async () => {
    await expectRefused(await notCharged(() => call(screenPath(text))), "address");
  });

  it("the wallet sanctions report", async () => {
    await expectRefused(await notCharged(() => call(REPORT, { address: text })), "address");
  });

  it("the batch, naming its position", async () => {
    const res = await notCharged(() => call(BATCH, { addresses: [CLEAR, text] }));
    await expectRefused(res, "addresses[1]");
  });

  it("the EDD memo, as JSON and as PDF", async () => {
    for (const format of ["json", "pdf"] as const) {
      const res = await notCharged(() => call(EDD, eddBody([LAZARUS, text], format)));
      await expectRefused(res, "addresses[1]");
    }
  });

  it("the MCP tools: ofac_wallet_screen, ofac_wallet_report, batch_wallet_screen, edd_report", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["ofac_wallet_screen", { address: text }],
      ["ofac_wallet_report", { address: text, output_format: "json" }],
      ["batch_wallet_screen", { addresses: [CLEAR, text] }],
      ["edd_report", eddBody([CLEAR, text], "json")],
    ];
    for (const [name, args] of calls) {
      const result = await notCharged(() => callTool(name, args));
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent, name).toMatchObject({ code: "INVALID_ADDRESS" });
    }
  });
});

describe("near a listed address: clear, with the listed address and its party named everywhere", () => {
  const nearLazarus = expect.objectContaining({
    address: LAZARUS,
    parties: [expect.objectContaining({ entityName: "Lazarus Group" })],
    editDistance: 1,
  });

  it("GET /api/ofac-wallet-screen/:address and the wallet report (its report too)", async () => {
    for (const res of [
      await call(screenPath(LAZARUS_TYPO)),
      await call(REPORT, { address: LAZARUS_TYPO }),
    ]) {
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(answer.data.summary).toMatchObject({ status: "clear", nearMatchCount: 1 });
      expect(answer.data.nearMatches).toEqual([nearLazarus]);
      expect(answer.report.executive_summary.join(" ")).toContain(
        `near a listed address: ${LAZARUS} (Lazarus Group; 1 character different)`,
      );
      expect(Object.keys(answer.report.tables)).toContain("wallet_screening_near_matches");
    }
  });

  it("the batch: the result, the summary count and the report", async () => {
    const res = await call(BATCH, { addresses: [CLEAR, LAZARUS_TYPO] });
    expect(res.status).toBe(200);
    const { data, report } = (await res.json()) as Answer;
    expect(data.summary).toMatchObject({ matchCount: 0, clearCount: 2, nearMatchCount: 1 });
    expect(data.results[1].nearMatches).toEqual([nearLazarus]);
    expect(data.results[0].nearMatches).toEqual([]);
    expect(report.tables.batch_near_matches.rows[0]).toMatchObject({
      position: 2,
      listed_address: LAZARUS,
      listed_party: "Lazarus Group",
    });
  });

  it("the EDD memo as JSON: evidence, follow-up and the decision name it", async () => {
    const res = await call(EDD, eddBody([CLEAR, LAZARUS_TYPO], "json"));
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Answer;
    expect(data.screening.summary.nearMatchCount).toBe(1);
    expect(data.evidenceSummary.join(" ")).toMatch(/Near match: #2 0x098b.*Lazarus Group/);
    expect(data.requiredFollowUp.join(" ")).toMatch(
      /Confirm with Northwind OTC Ltd that #2 .* is the address meant/,
    );
    expect(data.recommendation).toMatch(/near a listed address: before proceeding/);
  });

  it("the EDD memo as PDF, read back with pdftotext", async () => {
    const res = await call(EDD, eddBody([CLEAR, LAZARUS_TYPO], "pdf"));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    const text = pdfText(answer.artifact.contentBase64);
    expect(text).toContain("Near match");
    expect(text).toContain(LAZARUS_TYPO);
    expect(text).toMatch(/Lazarus Group; 1 character different/);
  });

  it("the MCP tools", async () => {
    const screen = await callTool("ofac_wallet_screen", { address: LAZARUS_TYPO }, 2);
    expect(screen.isError).toBeFalsy();
    expect(screen.structuredContent).toMatchObject({ data: { nearMatches: [nearLazarus] } });
    const batch = await callTool("batch_wallet_screen", { addresses: [LAZARUS_TYPO] }, 2);
    expect(batch.structuredContent).toMatchObject({ data: { summary: { nearMatchCount: 1 } } });
    const edd = await callTool("edd_report", eddBody([LAZARUS_TYPO], "json"), 2);
    expect(JSON.stringify(edd.structuredContent)).toContain("Near match: #1");
  });
});

describe("what is an address is answered", () => {
  it("a fresh random well-formed address of every format: clear, with no near match, on the GET route and in one batch", async () => {
    const addresses = RANDOM_FORMATS.map((format) => randomAddress(format));
    for (const address of addresses) {
      const res = await call(screenPath(address));
      expect(res.status, address).toBe(200);
      const { data } = (await res.json()) as Answer;
      expect(data.summary, address).toMatchObject({ status: "clear", nearMatchCount: 0 });
      expect(data.query.addressFormat).not.toBe("unrecognized");
    }
    const res = await call(BATCH, { addresses });
    const { data } = (await res.json()) as Answer;
    expect(data.summary).toMatchObject({ clearCount: addresses.length, nearMatchCount: 0 });
    expect(
      data.results.map((r: { query: { addressFormat: string } }) => r.query.addressFormat),
    ).toEqual(RANDOM_FORMATS);
  });

  it("the listed XMR value upper-cased (the same hex) is a match", async () => {
    const res = await call(screenPath(XMR_HEX.toUpperCase()));
    const { data } = (await res.json()) as Answer;
    expect(data.summary).toMatchObject({ status: "match", matchCount: 1 });
    expect(data.query.addressFormat).toBe("bare-hex32");
  });
});
