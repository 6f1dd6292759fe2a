import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type AnyOperation, CATALOG, DRY_RUN_MAX_BYTES, DRY_RUN_RATE_LIMIT } from "@svc/compliance";
import { DRY_RUN_META, priceOf, TOOLS } from "@svc/mcp-server";
import { atomicUsdc, MCP_PAYMENT_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, payingFetch } from "@svc/test-support/x402-payer";
import type { PaymentRequired } from "@x402/core/types";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// `?dry_run=1` on every paid route and `_meta["svc/dry-run"]` on every paid MCP tool, against
// the paid calls themselves on the real local chain: a dry run answers free what the call
// would answer (its price, or its very refusal), runs nothing and charges nothing, and stays
// within the unpaid bounds (size, rate).
let stack: PaidStack;
let app: Hono;
let limited: Hono;
let client: Client;
let renders = 0;
const BASE = "http://svc.test";
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
/** The limit of the app whose allowance a test spends. */
const TIGHT = { burst: 3, perSecond: 0.001 };

beforeAll(async () => {
  stack = await startPaidStack(3);
  // The real renderer, counted: a dry run must never reach it.
  const render: typeof renderDocument = (...args) => {
    renders++;
    return renderDocument(...args);
  };
  // Generous here: this file's own requests must not spend the allowance they test elsewhere.
  app = createApp({
    ...stack.common,
    monitors: stack.monitors,
    render,
    dryRunRateLimit: { burst: 10_000, perSecond: 1 },
  });
  limited = createApp({
    ...stack.common,
    monitors: stack.monitors,
    render,
    dryRunRateLimit: TIGHT,
  });
  client = await connectHttp(`${BASE}/mcp`, "2025-11-25", { answer: (r) => app.request(r) });
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

const payee = () => stack.devnet.balanceOf(stack.devnet.payTo);
const opNamed = (name: string): AnyOperation => {
  const op = CATALOG.find((o) => o.name === name);
  if (op === undefined) throw new Error(`no operation ${name} in the catalog`);
  return op;
};

/** One request to a paid route: its target (path and query) and, for a POST, its body. */
interface RouteRequest {
  readonly label: string;
  readonly method: "GET" | "POST";
  readonly target: string;
  readonly body?: string;
  readonly contentType?: string;
}

/** An operation's input as its route takes it: path parameters in place, the rest as the query or body. */
function requestOf(op: AnyOperation, input: unknown, label = op.name): RouteRequest {
  if (op.method === "POST") {
    return {
      label,
      method: "POST",
      target: op.path,
      body: JSON.stringify(input),
      contentType: "application/json",
    };
  }
  const members = { ...(input as Record<string, unknown>) };
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = String(members[name]);
    delete members[name];
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(members as Record<string, string>).toString();
  return { label, method: "GET", target: query === "" ? path : `${path}?${query}` };
}

const withDryRun = (target: string, value = "1") =>
  `${target}${target.includes("?") ? "&" : "?"}dry_run=${value}`;

const init = (r: RouteRequest): RequestInit => ({
  method: r.method,
  ...(r.body === undefined
    ? {}
    : { body: r.body, headers: { "Content-Type": r.contentType ?? "application/json" } }),
});

/** The dry run of a request: no payment of any kind. */
const dry = (r: RouteRequest, target: Hono = app) =>
  target.request(`${BASE}${withDryRun(r.target)}`, init(r));

/** The paid call of the same request, by payer `i`. */
const paid = (r: RouteRequest, i = 0) =>
  payingFetch(app.request, stack.devnet.payers[i]!.privateKey)(`${BASE}${r.target}`, init(r));

const answerOf = async (res: Response) => ({ status: res.status, body: await res.json() });

describe("a dry run of every route's example: 200 with its price, free, nothing run", () => {
  for (const op of CATALOG) {
    it(`${op.method} ${op.path}?dry_run=1 answers valid at $${op.price}, with no payment`, async () => {
      const before = await payee();
      const rendered = renders;
      const res = await dry(requestOf(op, op.inputExample));
      expect(res.status).toBe(200);
      expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const answer = (await res.json()) as {
        accepts: Record<string, unknown>[];
        message: string;
      };
      expect(answer).toMatchObject({
        success: true,
        valid: true,
        operation: op.name,
        price: op.price,
        currency: "USD",
      });
      expect(answer.accepts[0]).toMatchObject({
        network: stack.common.payments.terms[0]?.network,
        amount: atomicUsdc(op.price),
        payTo: stack.devnet.payTo,
      });
      expect(answer.message).toMatch(/^Valid: .*Nothing was run or charged/);
      expect(renders).toBe(rendered);
      expect(await payee()).toBe(before);
    });
  }

  it("without dry_run the route still asks for payment first (402), even for an invalid body", async () => {
    const res = await app.request(`${BASE}${opNamed("batch_wallet_screen").path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(402);
  });

  it("dry_run with another value than 1 or true is refused 400, free, naming dry_run", async () => {
    const op = CATALOG[0] as AnyOperation;
    const r = requestOf(op, op.inputExample);
    const res = await app.request(`${BASE}${withDryRun(r.target, "yes")}`, init(r));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "dry_run" }],
    });
    const asBoolean = await app.request(`${BASE}${withDryRun(r.target, "true")}`, init(r));
    expect(asBoolean.status).toBe(200);
  });
});

/** Strings that are no address (`only-addresses-answered.e2e.test.ts`). */
const NOT_ADDRESSES = [
  LAZARUS.slice(0, -1),
  `${LAZARUS}1`,
  "3K4rjdh8A5yi6LWvft2rbmyZvqEbPSSSX",
  "0x12",
  "G",
  "hello-world-not-an-address",
  "tbclqqqyzjnj1ptuxfgj5h768nhnu5ndyn",
  "18M8BJWMZWHDBMXOLQJHHAFFDRY4SRZKFB",
];

/**
 * The malformed requests of the refusal tests, each as its test sends it with a payment:
 * `routes.e2e.test.ts` (an unknown member, a bound, a wrong type, a rule across fields, bad
 * JSON, a body that is no object, an ambiguous report, a body that is not JSON),
 * `only-addresses-answered.e2e.test.ts` (strings that are no address on every screening route),
 * `screening-evasion.security.e2e.test.ts` (bytes that cannot be an address in the GET's path)
 * and `linked-wallets.e2e.test.ts` (a linked party the list does not know, a malformed one).
 */
function refusalCases(): RouteRequest[] {
  const screen = opNamed("ofac_wallet_screen");
  const report = opNamed("wallet_sanctions_report");
  const batch = opNamed("batch_wallet_screen");
  const edd = opNamed("edd_report");
  const forecast = opNamed("exposure_forecast");
  const queue = opNamed("queue_optimize");
  const docx = opNamed("report_docx_generate");
  const pdf = opNamed("report_pdf_generate");
  const wallet = "0x1111111111111111111111111111111111111111";
  return [
    requestOf(report, { address: LAZARUS, extra: true }, "an unknown member"),
    requestOf(
      batch,
      { addresses: Array.from({ length: 101 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`) },
      "101 addresses",
    ),
    requestOf(forecast, { addresses: "0xabc" }, "addresses of the wrong type"),
    requestOf(
      forecast,
      {
        addresses: ["0x0000000000000000000000000000000000000001"],
        address_metadata: [{ address: "0x0000000000000000000000000000000000000002" }],
      },
      "metadata for an address not in addresses",
    ),
    { ...requestOf(docx, {}, "malformed JSON"), body: "{not json" },
    requestOf(docx, [1, 2], "a body that is no object"),
    requestOf(pdf, { report_meta: { title: "A" }, title: "B" }, "a report of both variants"),
    {
      ...requestOf(batch, {}, "a body that is not JSON"),
      body: LAZARUS,
      contentType: "text/plain",
    },
    ...NOT_ADDRESSES.flatMap((text) => [
      requestOf(screen, { address: text }, `GET ${text}`),
      requestOf(report, { address: text }, `report ${text}`),
      requestOf(batch, { addresses: [CLEAR, text] }, `batch ${text}`),
      ...(["json", "pdf"] as const).map((output_format) =>
        requestOf(
          edd,
          { subject_name: "Northwind OTC Ltd", addresses: [LAZARUS, text], output_format },
          `EDD ${output_format} ${text}`,
        ),
      ),
    ]),
    ...["%FF%FE", "%ED%A0%80", "%C0%AE", "%G1"].map(
      (junk): RouteRequest => ({
        label: `GET ${LAZARUS}${junk}`,
        method: "GET",
        target: screen.path.replace(":address", `${LAZARUS}${junk}`),
      }),
    ),
    requestOf(
      forecast,
      {
        addresses: [wallet, "0x2222222222222222222222222222222222222222"],
        address_metadata: [
          { address: wallet },
          { address: "0x2222222222222222222222222222222222222222", linked_sdn_entry: "999999999" },
        ],
      },
      "a linked party the list does not know",
    ),
    requestOf(
      queue,
      {
        review_items: [
          { address: wallet, exposure_usd: 1000, relationship_tier: "standard" },
          {
            address: "0x3333333333333333333333333333333333333333",
            exposure_usd: 1000,
            relationship_tier: "standard",
            linked_sdn_entry: "not-digits",
          },
        ],
        review_budget: 1,
      },
      "a malformed linked party",
    ),
  ];
}

describe("each malformed request of the refusal tests: the dry run answers the paid call's refusal, free", () => {
  it("the same status and the same body (code, message, field paths), nothing charged", async () => {
    const before = await payee();
    const cases = refusalCases();
    for (const [i, r] of cases.entries()) {
      const free = await answerOf(await dry(r));
      const charged = await answerOf(await paid(r, i % 3));
      expect(free.status, r.label).toBeGreaterThanOrEqual(400);
      expect(free, r.label).toEqual(charged);
    }
    expect(await payee()).toBe(before);
  }, 120_000);
});

describe("within the unpaid bounds", () => {
  /** A body of `size` bytes streamed without a declared length, counting what the server pulled. */
  function countedStream(size: number) {
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    const counter = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= size) return controller.close();
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { stream, counter };
  }

  it(`a body declared over ${DRY_RUN_MAX_BYTES} bytes is refused 413 unread; a streamed one is cut at the limit`, async () => {
    const op = opNamed("report_pdf_generate");
    const declared = countedStream(1024 * 1024);
    const res = await app.request(`${BASE}${withDryRun(op.path)}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(DRY_RUN_MAX_BYTES + 1),
      },
      body: declared.stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get("Connection")).toBe("close");
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(declared.counter.pulled).toBeLessThanOrEqual(64 * 1024);

    const streamed = countedStream(1024 * 1024);
    const cut = await app.request(`${BASE}${withDryRun(op.path)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: streamed.stream,
      duplex: "half",
    } as RequestInit);
    expect(cut.status).toBe(413);
    // Read up to the limit and the chunk that crossed it (and what the stream buffered ahead).
    expect(streamed.counter.pulled).toBeLessThanOrEqual(DRY_RUN_MAX_BYTES + 4 * 16 * 1024);
  });

  it("each POST route: a dry run over its own limit gets the route's very 413; over 64 KiB only, the dry run's", async () => {
    for (const op of CATALOG.filter((o) => o.method === "POST")) {
      const routeLimit = op.maxBodyBytes ?? 1024 * 1024;
      const limit = Math.min(routeLimit, DRY_RUN_MAX_BYTES);
      const over = { "Content-Type": "application/json", "Content-Length": String(limit + 1) };
      const body = "x".repeat(limit + 1);
      const free = await app.request(`${BASE}${withDryRun(op.path)}`, {
        method: "POST",
        headers: over,
        body,
      });
      expect(free.status, op.path).toBe(413);
      const answer = (await free.json()) as { error?: string };
      // Without dry_run, a body over the route's limit is refused before payment, unread.
      const route = await app.request(`${BASE}${op.path}`, { method: "POST", headers: over, body });
      if (limit === routeLimit) expect(answer, op.path).toEqual(await route.json());
      else {
        expect(route.status, op.path).toBe(402);
        expect(answer.error, op.path).toMatch(/^A dry run takes a body of at most 65536 bytes/);
      }
    }
  });

  it("a refusal lists at most 20 issues and counts the rest", async () => {
    const op = opNamed("batch_wallet_screen");
    const res = await dry(requestOf(op, { addresses: Array.from({ length: 100 }, () => 1) }));
    const body = (await res.json()) as { issues: unknown[]; moreIssues: number };
    expect(res.status).toBe(400);
    expect(body.issues).toHaveLength(20);
    expect(body.moreIssues).toBe(80);
  });

  it(`the rate limit bites: ${TIGHT.burst} dry runs, routes and MCP tools together, then 429 with Retry-After`, async () => {
    const op = CATALOG[0] as AnyOperation;
    const r = requestOf(op, op.inputExample);
    expect((await dry(r, limited)).status).toBe(200);
    expect((await dry(r, limited)).status).toBe(200);
    const tools = await connectHttp(`${BASE}/mcp`, "2025-11-25", {
      answer: (req) => limited.request(req),
    });
    try {
      const tool = TOOLS.find((t) => t.pricing.kind === "paid");
      if (tool === undefined) throw new Error("no paid tool");
      const third = await tools.callTool({
        name: tool.name,
        arguments: tool.inputExample as Record<string, unknown>,
        _meta: { [DRY_RUN_META]: true },
      });
      expect(third._meta?.[DRY_RUN_META]).toMatchObject({ valid: true });
      const refused = await dry(r, limited);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED" });
      const refusedTool = await tools.callTool({
        name: tool.name,
        arguments: tool.inputExample as Record<string, unknown>,
        _meta: { [DRY_RUN_META]: true },
      });
      expect(refusedTool.isError).toBe(true);
      expect(refusedTool.structuredContent).toMatchObject({ code: "RATE_LIMITED" });
    } finally {
      await tools.close();
    }
    // The paid path is not the dry runs' allowance: it still answers its 402.
    const unpaid = await limited.request(`${BASE}${r.target}`, init(r));
    expect(unpaid.status).toBe(402);
    expect(DRY_RUN_RATE_LIMIT.burst).toBeGreaterThan(TIGHT.burst);
  });
});

describe('MCP: _meta["svc/dry-run"] on a paid tool call', () => {
  const paidTools = TOOLS.filter((t) => t.pricing.kind === "paid");
  type CallResult = Awaited<ReturnType<Client["callTool"]>>;
  const dryCall = (name: string, args: unknown): Promise<CallResult> =>
    client.callTool({
      name,
      arguments: args as Record<string, unknown>,
      _meta: { [DRY_RUN_META]: true },
    });
  /**
   * The paid call: the unpaid result first, then the same call paid by payer `i` (a price-deciding
   * argument the tool does not take is refused before payment: that refusal is the answer).
   */
  async function paidCall(name: string, args: unknown, i: number): Promise<CallResult> {
    const unpaid = await client.callTool({ name, arguments: args as Record<string, unknown> });
    const required = unpaid.structuredContent as unknown as PaymentRequired;
    if (!Array.isArray(required.accepts)) return unpaid;
    const payment = await payerOf(stack.devnet.payers[i]!.privateKey).createPaymentPayload(
      required,
    );
    return client.callTool({
      name,
      arguments: args as Record<string, unknown>,
      _meta: { [MCP_PAYMENT_META]: payment },
    });
  }

  for (const tool of paidTools) {
    it(`${tool.name}: its example is valid at its price; the answer is the PaymentRequired to pay from; nothing run or charged`, async () => {
      const before = await payee();
      const rendered = renders;
      const price = priceOf(tool, tool.inputExample) as string;
      const result = await dryCall(tool.name, tool.inputExample);
      expect(result.isError).toBe(true);
      expect(result._meta?.[DRY_RUN_META]).toEqual({
        valid: true,
        tool: tool.name,
        price,
        currency: "USD",
      });
      const first = (result.content as { text: string }[])[0]?.text ?? "";
      expect(first).toMatch(/^Dry run: these arguments are valid; .*Nothing was run or charged/);
      const required = result.structuredContent as unknown as PaymentRequired;
      expect(required.accepts[0]?.amount).toBe(atomicUsdc(price));
      expect(renders).toBe(rendered);
      expect(await payee()).toBe(before);
    });
  }

  it("malformed arguments: the dry run answers the paid call's refusal, free", async () => {
    const before = await payee();
    const cases: [string, Record<string, unknown>][] = [
      ["ofac_wallet_screen", { address: "0x12" }],
      ["ofac_wallet_screen", { address: LAZARUS, chain: "eth" }],
      ["ofac_wallet_report", { address: LAZARUS, output_format: "xlsx" }],
      ["batch_wallet_screen", { addresses: [CLEAR, `${LAZARUS}1`] }],
      ["edd_report", { subject_name: "N", addresses: [LAZARUS, "G"], output_format: "json" }],
      ["exposure_forecast", { addresses: [CLEAR, CLEAR] }],
      ["report_pdf_generate", { report_meta: { title: 42 } }],
    ].filter(([name]) => paidTools.some((t) => t.name === name)) as [
      string,
      Record<string, unknown>,
    ][];
    expect(cases.length).toBeGreaterThan(0);
    for (const [i, [name, args]] of cases.entries()) {
      const free = await dryCall(name, args);
      const charged = await paidCall(name, args, i % 3);
      expect(free.isError, name).toBe(true);
      expect(free.structuredContent, `${name} ${JSON.stringify(args)}`).toEqual(
        charged.structuredContent,
      );
    }
    expect(await payee()).toBe(before);
  }, 60_000);

  it(`a dry-run call over ${DRY_RUN_MAX_BYTES} bytes is refused 413 before its arguments are looked at`, async () => {
    const tool = paidTools[0];
    if (tool === undefined) throw new Error("no paid tool");
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: {
        name: tool.name,
        arguments: { junk: "x".repeat(DRY_RUN_MAX_BYTES) },
        _meta: { [DRY_RUN_META]: true },
      },
    });
    const res = await app.request(`${BASE}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ id: 7, error: { code: -32000 } });
  });
});
