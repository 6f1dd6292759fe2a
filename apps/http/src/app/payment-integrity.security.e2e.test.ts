import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CATALOG, type ComplianceDeps } from "@svc/compliance";
import { TOOLS } from "@svc/mcp-server";
import { MCP_PAYMENT_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// Attacks on the paid API as served (a loopback port, the real local chain and facilitator):
// one authorization buys one execution, and a payment pays only for what it was made for.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let stack: PaidStack;
let served: Served;
let client: Client;
let renders = 0;
/** While set, a render waits for it: the paid call stays in flight until the others are answered. */
let hold: Promise<void> | undefined;

const countingRender: ComplianceDeps["render"] = async (type, report) => {
  renders++;
  await hold;
  return renderDocument(type, report);
};

/**
 * Holds every render until `count` of `answers` have come back (or 30 s have passed, so that a
 * service rendering more than once fails the assertions rather than the timeout): the paid call
 * is in flight while the other uses of its authorization arrive, however fast a warm renderer is.
 * Returns `answers`, to await.
 */
function holdRendersUntil<T extends readonly Promise<unknown>[]>(count: number, answers: T): T {
  let release = () => {};
  hold = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 30_000).unref();
  });
  let answered = 0;
  const one = () => {
    answered += 1;
    if (answered === count) release();
    if (answered === answers.length) hold = undefined;
  };
  for (const answer of answers) void answer.then(one, one);
  return answers;
}

beforeAll(async () => {
  stack = await startPaidStack(4);
  served = await serveOnLoopback(createApp({ ...stack.common, render: countingRender }));
  client = await connectHttp(`${served.origin}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await served?.close();
  await stack?.stop();
});

const payee = () => stack.devnet.balanceOf(stack.devnet.payTo);
const payer = (i: number) => payerOf(stack.devnet.payers[i]!.privateKey);
const url = (path: string) => `${served.origin}${path}`;
const challengeOf = async (path: string, method = "POST"): Promise<PaymentRequired> => {
  const res = await fetch(url(path), {
    method,
    ...(method === "POST" ? { headers: { "Content-Type": "application/json" }, body: "{}" } : {}),
  });
  return decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
};
const postPaid = (path: string, payload: PaymentPayload, body: unknown) =>
  fetch(url(path), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payload),
    },
    body: JSON.stringify(body),
  });

/** A report of one table of `rows` rows: enough to keep a renderer busy for a while. */
const tableReport = (rows: number) => ({
  report_meta: { report_type: "load-test", title: "Race", author: "test", date: "2026-01-15" },
  tables: {
    rows: {
      columns: ["address", "status", "note"],
      rows: Array.from({ length: rows }, (_, i) => ({
        address: `0x${i.toString(16).padStart(40, "0")}`,
        status: i % 7 === 0 ? "match" : "clear",
        note: `row ${i}`,
      })),
    },
  },
});

describe("one authorization, many executions", () => {
  it("20 concurrent uses of one authorization on the PDF route render once and charge once; the other 19 are refused payment_in_use", async () => {
    const before = await payee();
    const payment = await payer(0).createPaymentPayload(
      await challengeOf("/api/tools/report/pdf/generate"),
    );
    renders = 0;
    const answers = await Promise.all(
      holdRendersUntil(
        19,
        Array.from({ length: 20 }, () =>
          postPaid("/api/tools/report/pdf/generate", payment, tableReport(300)),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 402);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(((await r.json()) as PaymentRequired).error).toBe("payment_in_use");
    }
    expect(renders).toBe(1);
    expect(await payee()).toBe(before + 50_000n);
  });

  it("the same authorization sent to a route and to the matching MCP tool at once runs once, even with its resource rewritten for the tool", async () => {
    const before = await payee();
    const payment = await payer(1).createPaymentPayload(
      await challengeOf("/api/tools/report/pdf/generate"),
    );
    // The resource is not signed: a copy pointed at the tool passes the tool's resource check
    // and meets the same reservation.
    const forTool = {
      ...payment,
      resource: {
        ...payment.resource,
        url: "mcp://tool/report_pdf_generate",
      } as typeof payment.resource,
    };
    renders = 0;
    const [http, mcp] = await Promise.all(
      holdRendersUntil(1, [
        postPaid("/api/tools/report/pdf/generate", payment, tableReport(200)),
        client.callTool({
          name: "report_pdf_generate",
          arguments: tableReport(5),
          _meta: { [MCP_PAYMENT_META]: forTool },
        }),
      ] as const),
    );
    const httpPaid = http.status === 200;
    const mcpPaid = mcp.isError !== true;
    expect([httpPaid, mcpPaid].filter(Boolean)).toHaveLength(1);
    const refusal = httpPaid
      ? (mcp.structuredContent as unknown as PaymentRequired).error
      : ((await http.json()) as PaymentRequired).error;
    expect(refusal).toBe("payment_in_use");
    expect(renders).toBe(1);
    expect(await payee()).toBe(before + 50_000n);
  });
});

describe("a payment pays for what it was made for", () => {
  it("a payment made for /api/tools/report/generate is refused by /api/tools/report/pdf/generate (same price)", async () => {
    const before = await payee();
    const payment = await payer(2).createPaymentPayload(
      await challengeOf("/api/tools/report/generate"),
    );
    renders = 0;
    const res = await postPaid("/api/tools/report/pdf/generate", payment, tableReport(3));
    expect(res.status).toBe(402);
    expect(((await res.json()) as PaymentRequired).error).toBe("payment_resource_mismatch");
    expect(renders).toBe(0);
    expect(await payee()).toBe(before);
  });

  it("a payment made for an HTTP route is refused by the MCP tool of the same price", async () => {
    const before = await payee();
    const payment = await payer(2).createPaymentPayload(
      await challengeOf("/api/tools/report/pdf/generate"),
    );
    renders = 0;
    const r = await client.callTool({
      name: "report_pdf_generate",
      arguments: tableReport(3),
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(r.isError).toBe(true);
    expect((r.structuredContent as unknown as PaymentRequired).error).toBe(
      "payment_resource_mismatch",
    );
    expect(renders).toBe(0);
    expect(await payee()).toBe(before);
  });

  it("a paid HEAD on the screening route answers the unpaid 402's headers and charges nothing", async () => {
    const before = await payee();
    const path = `/api/ofac-wallet-screen/${LAZARUS}`;
    const payment = await payer(3).createPaymentPayload(await challengeOf(path, "GET"));
    const res = await fetch(url(path), {
      method: "HEAD",
      headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
    });
    expect(res.status).toBe(402);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeTruthy();
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(await payee()).toBe(before);
  });
});

describe("bad payments are the payer's problem, not an outage", () => {
  it("a malformed authorization over MCP is an isError PaymentRequired (invalid_payload), not PAYMENT_FACILITATOR_UNAVAILABLE", async () => {
    const payment = await payer(3).createPaymentPayload(
      (await client.callTool({ name: "ofac_wallet_screen", arguments: { address: LAZARUS } }))
        .structuredContent as unknown as PaymentRequired,
    );
    const p = payment.payload as { authorization: Record<string, string> };
    const malformed = {
      ...payment,
      payload: { ...p, authorization: { ...p.authorization, value: "abc" } },
    };
    const r = await client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: LAZARUS },
      _meta: { [MCP_PAYMENT_META]: malformed },
    });
    expect(r.isError).toBe(true);
    expect((r.structuredContent as unknown as PaymentRequired).error).toBe("invalid_payload");
  });

  it("a malformed authorization over HTTP is 402 invalid_payload without Retry-After", async () => {
    const payment = await payer(3).createPaymentPayload(
      await challengeOf(`/api/ofac-wallet-screen/${LAZARUS}`, "GET"),
    );
    const { signature: _none, ...unsigned } = payment.payload as Record<string, unknown>;
    const res = await fetch(url(`/api/ofac-wallet-screen/${LAZARUS}`), {
      headers: {
        "PAYMENT-SIGNATURE": encodePaymentSignatureHeader({ ...payment, payload: unsigned }),
      },
    });
    expect(res.status).toBe(402);
    expect(res.headers.get("Retry-After")).toBeNull();
    expect(((await res.json()) as PaymentRequired).error).toBe("invalid_payload");
  });
});

describe("unpaid traffic costs bounded work", () => {
  // An unpaid answer carries the discovery extension (the operation's description and input
  // schema; the document tools' schema is the report model's, with its column labels and kinds):
  // bounded by the schema, never by what the caller sends.
  it("every route's unpaid 402 (body and headers) stays under 20 KB, and every paid tool's unpaid result under 32 KB", async () => {
    for (const op of CATALOG) {
      const res = await fetch(url(op.path.replace(":address", LAZARUS)), {
        method: op.method,
        ...(op.method === "POST"
          ? { headers: { "Content-Type": "application/json" }, body: "{}" }
          : {}),
      });
      const body = await res.text();
      const headers = [...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      expect(res.status, op.name).toBe(402);
      expect(body.length + headers, op.name).toBeLessThan(20 * 1024);
    }
    for (const tool of TOOLS.filter((t) => t.pricing.kind === "paid")) {
      const res = await fetch(url("/mcp"), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: tool.name, arguments: tool.inputExample },
        }),
      });
      // The x402 MCP transport asks for the PaymentRequired twice (structuredContent and its
      // JSON text), and a document tool's carries its bazaar declaration with the report
      // model's input schema (8.3 KB, the sign-off form included): 23 KB for the PDF tool, the
      // same for every call however small its arguments.
      expect((await res.text()).length, tool.name).toBeLessThan(32 * 1024);
    }
  });

  it("a large MCP call (over 64 KB, parsed off the main thread) is asked for payment unpaid, and answered paid", async () => {
    const before = await payee();
    const report = tableReport(1500);
    expect(JSON.stringify(report).length).toBeGreaterThan(64 * 1024);
    const unpaid = await client.callTool({ name: "report_pdf_generate", arguments: report });
    const required = unpaid.structuredContent as unknown as PaymentRequired;
    expect(required.error).toBe("Payment required");
    const paid = await client.callTool({
      name: "report_pdf_generate",
      arguments: report,
      _meta: { [MCP_PAYMENT_META]: await payer(0).createPaymentPayload(required) },
    });
    expect(paid.isError).toBeFalsy();
    expect(await payee()).toBe(before + 50_000n);
  });

  it("a flood body declared over a route's limit is refused 413 before payment, unread", async () => {
    const junk = JSON.stringify({ addresses: Array.from({ length: 200_000 }, () => 1) });
    const res = await fetch(url("/api/workflows/compliance/batch-wallet-screen"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: junk,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("replay against refused inputs: one unsettled authorization replayed with junk bodies gets small 400s, never a charge", async () => {
    const before = await payee();
    const path = "/api/workflows/compliance/batch-wallet-screen";
    const payment = await payer(3).createPaymentPayload(await challengeOf(path));
    // As many junk elements as the route's body limit lets through.
    const body = { addresses: Array.from({ length: 30_000 }, () => 1) };
    for (let i = 0; i < 3; i++) {
      const res = await postPaid(path, payment, body);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text.length).toBeLessThan(64 * 1024);
      const refusal = JSON.parse(text) as { issues: unknown[]; code: string };
      expect(refusal.code).toBe("INVALID_INPUT");
      expect(refusal.issues.length).toBeLessThanOrEqual(20);
    }
    expect(await payee()).toBe(before);
  });
});

// x402 v1 (`X-PAYMENT` over HTTP, `_meta["x402.payment"]` over MCP, the terms from the 402's
// JSON body): one authorization, one execution, and it pays only its price.
describe("x402 v1: one authorization, one execution", () => {
  /** A route's v1 terms: its unpaid 402's JSON body. */
  const v1TermsOf = async (path: string, method = "POST") =>
    (await (
      await fetch(url(path), {
        method,
        ...(method === "POST"
          ? { headers: { "Content-Type": "application/json" }, body: "{}" }
          : {}),
      })
    ).json()) as PaymentRequiredV1;
  const v1HeaderFor = async (path: string, i: number, method = "POST") =>
    v1PaymentHeader(
      await v1PayloadFor(await v1TermsOf(path, method), stack.devnet.payers[i]!.privateKey),
    );
  const postV1 = (path: string, header: string, body: unknown) =>
    fetch(url(path), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-PAYMENT": header },
      body: JSON.stringify(body),
    });
  const toolV1 = (name: string, args: Record<string, unknown>, header: string) =>
    client.callTool({ name, arguments: args, _meta: { "x402.payment": header } });
  const errorOfTool = (r: Awaited<ReturnType<typeof toolV1>>) =>
    (r.structuredContent as unknown as PaymentRequired).error;

  it("raced ×10: one v1 authorization on the PDF route renders once and charges once; the other 9 are refused payment_in_use", async () => {
    const before = await payee();
    const header = await v1HeaderFor("/api/tools/report/pdf/generate", 0);
    renders = 0;
    const answers = await Promise.all(
      holdRendersUntil(
        9,
        Array.from({ length: 10 }, () =>
          postV1("/api/tools/report/pdf/generate", header, tableReport(300)),
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 402);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(((await r.json()) as PaymentRequiredV1).error).toBe("payment_in_use");
    }
    expect(renders).toBe(1);
    expect(await payee()).toBe(before + 50_000n);
  });

  it("one v1 authorization sent to a route and to the MCP tool of its price at once (it names no resource) runs once", async () => {
    const before = await payee();
    const header = await v1HeaderFor("/api/tools/report/pdf/generate", 1);
    renders = 0;
    const [http, mcp] = await Promise.all(
      holdRendersUntil(1, [
        postV1("/api/tools/report/pdf/generate", header, tableReport(200)),
        toolV1("report_pdf_generate", tableReport(5), header),
      ] as const),
    );
    const httpPaid = http.status === 200;
    const mcpPaid = mcp.isError !== true;
    expect([httpPaid, mcpPaid].filter(Boolean)).toHaveLength(1);
    const refusal = httpPaid ? errorOfTool(mcp) : ((await http.json()) as PaymentRequiredV1).error;
    expect(refusal).toBe("payment_in_use");
    expect(renders).toBe(1);
    expect(await payee()).toBe(before + 50_000n);
  });

  it("made on one route's terms, a v1 payment pays the tool of the same price once: one answer, one charge, the route then refused", async () => {
    const before = await payee();
    const header = await v1HeaderFor("/api/tools/report/generate", 2);
    renders = 0;
    const paid = await toolV1("report_pdf_generate", tableReport(3), header);
    expect(paid.isError ?? false).toBe(false);
    expect(paid._meta?.["x402.payment-response"]).toMatchObject({ success: true, network: "base" });
    const again = await postV1("/api/tools/report/generate", header, tableReport(3));
    expect(again.status).toBe(402);
    expect(((await again.json()) as PaymentRequiredV1).error).toBe("payment_already_used");
    expect(renders).toBe(1);
    expect(await payee()).toBe(before + 50_000n);
  });

  it("a v1 payment for the screening (0.01) is refused by a document route (0.05): value mismatch, nothing rendered", async () => {
    const before = await payee();
    const header = await v1HeaderFor(`/api/ofac-wallet-screen/${LAZARUS}`, 2, "GET");
    renders = 0;
    const res = await postV1("/api/tools/report/pdf/generate", header, tableReport(3));
    expect(res.status).toBe(402);
    expect(((await res.json()) as PaymentRequiredV1).error).toBe(
      "invalid_exact_evm_payload_authorization_value_mismatch",
    );
    const tool = await toolV1("report_pdf_generate", tableReport(3), header);
    expect(errorOfTool(tool)).toBe("invalid_exact_evm_payload_authorization_value_mismatch");
    expect(renders).toBe(0);
    expect(await payee()).toBe(before);
  });

  it("a paid HEAD with X-PAYMENT answers the unpaid 402's headers and charges nothing", async () => {
    const before = await payee();
    const path = `/api/ofac-wallet-screen/${LAZARUS}`;
    const res = await fetch(url(path), {
      method: "HEAD",
      headers: { "X-PAYMENT": await v1HeaderFor(path, 3, "GET") },
    });
    expect(res.status).toBe(402);
    expect(res.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    expect(await payee()).toBe(before);
  });

  it("a malformed v1 authorization is the payer's problem: 402 invalid_payload over HTTP, an isError PaymentRequired over MCP", async () => {
    const path = `/api/ofac-wallet-screen/${LAZARUS}`;
    const payment = await v1PayloadFor(
      await v1TermsOf(path, "GET"),
      stack.devnet.payers[3]!.privateKey,
    );
    const p = payment.payload as { authorization: Record<string, string> };
    const malformed = v1PaymentHeader({
      ...payment,
      payload: { ...p, authorization: { ...p.authorization, value: "abc" } },
    });
    const res = await fetch(url(path), { headers: { "X-PAYMENT": malformed } });
    expect(res.status).toBe(402);
    expect(res.headers.get("Retry-After")).toBeNull();
    expect(((await res.json()) as PaymentRequiredV1).error).toBe("invalid_payload");
    const tool = await toolV1("ofac_wallet_screen", { address: LAZARUS }, malformed);
    expect(tool.isError).toBe(true);
    expect(errorOfTool(tool)).toBe("invalid_payload");
  });

  it("replay against refused inputs: one unsettled v1 authorization replayed with junk bodies gets small 400s, never a charge", async () => {
    const before = await payee();
    const path = "/api/workflows/compliance/batch-wallet-screen";
    const header = await v1HeaderFor(path, 3);
    const body = { addresses: Array.from({ length: 30_000 }, () => 1) };
    for (let i = 0; i < 3; i++) {
      const res = await postV1(path, header, body);
      expect(res.status).toBe(400);
      expect((await res.text()).length).toBeLessThan(64 * 1024);
    }
    expect(await payee()).toBe(before);
  });
});
