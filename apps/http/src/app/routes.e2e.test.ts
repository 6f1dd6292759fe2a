import { CATALOG } from "@svc/compliance";
import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Devnet } from "@svc/x402-devnet";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { Hono } from "hono";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leakyFailingRender, type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";
import { MAX_BODY_BYTES } from "./mount-operation.js";

// Every route of the catalog, paid for real on the local chain, and every error class the API
// answers with. The sample edition is the list; documents render on the calling thread.
let stack: PaidStack;
let devnet: Devnet;
let app: Hono;
let failing: Hono;
const BASE = "http://svc.test";

beforeAll(async () => {
  stack = await startPaidStack();
  devnet = stack.devnet;
  app = createApp({ ...stack.common, monitors: stack.monitors, render: renderDocument });
  failing = createApp({ ...stack.common, monitors: stack.monitors, render: leakyFailingRender });
});
afterAll(async () => {
  await stack?.stop();
});

const pay = (target: Hono, i = 0) => payingFetch(target.request, devnet.payers[i]!.privateKey);

const call = (target: Hono, method: string, path: string, body?: unknown, i = 0) =>
  pay(target, i)(`${BASE}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });

/** The request an operation documents as its example, as a path and a body. */
function exampleRequest(op: (typeof CATALOG)[number]): { path: string; body?: unknown } {
  const example = op.inputExample as Record<string, unknown>;
  if (op.method === "POST") return { path: op.path, body: example };
  const path = op.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(example[k])));
  return { path };
}

describe("every route of the catalog, paid", () => {
  for (const op of CATALOG) {
    it(`${op.method} ${op.path} ($${op.price}) answers its example with 200 and a receipt`, async () => {
      const payee = await devnet.balanceOf(devnet.payTo);
      const { path, body } = exampleRequest(op);
      const res = await call(app, op.method, path, body);
      expect(res.status).toBe(200);
      const json = (await res.json()) as { success: boolean; source: string };
      expect(json.success).toBe(true);
      expect(json.source).toBe(
        op.path.startsWith("/api/tools/") ? "auto-local-engine" : "OFAC SDN Advanced XML",
      );
      // Its published schema holds; so do its example's values, unless the call makes its own.
      expect(v.safeParse(op.output, json).issues).toBeUndefined();
      if (op.answersFresh === undefined) expect(json).toMatchObject(op.outputExample as object);
      const receipt = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE") as string);
      expect(receipt.success).toBe(true);
      const atomic = BigInt(Math.round(Number(op.price) * 1e6));
      expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + atomic);
    });
  }
});

describe("errors, each a JSON body with success false, a code and a message", () => {
  const payeeUnchanged = async (run: () => Promise<Response>) => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await run();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    return res;
  };

  it("402 before anything else: an unpaid request with an invalid body is asked to pay, not told 400", async () => {
    const res = await app.request(`${BASE}/api/workflows/compliance/batch-wallet-screen`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(402);
  });

  it("400 for an unknown member, with its path (after payment, not charged)", async () => {
    const res = await payeeUnchanged(() =>
      call(app, "POST", "/api/workflows/compliance/wallet-sanctions-report", {
        address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
        extra: true,
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; issues: { path: string }[] };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.issues.map((i) => i.path)).toContain("extra");
  });

  it("400 for a bound (101 addresses in a batch), for a wrong type, and for a cross-field rule", async () => {
    const many = Array.from({ length: 101 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`);
    const bound = await call(app, "POST", "/api/workflows/compliance/batch-wallet-screen", {
      addresses: many,
    });
    expect(bound.status).toBe(400);
    expect(((await bound.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe(
      "addresses",
    );
    const type = await call(app, "POST", "/api/workflows/compliance/exposure-forecast", {
      addresses: "0xabc",
    });
    expect(type.status).toBe(400);
    const cross = await call(app, "POST", "/api/workflows/compliance/exposure-forecast", {
      addresses: ["0x0000000000000000000000000000000000000001"],
      address_metadata: [{ address: "0x0000000000000000000000000000000000000002" }],
    });
    expect(cross.status).toBe(400);
    expect(await cross.json()).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "address_metadata[0].address" }],
    });
  });

  it("400 for malformed JSON and for a body that is not an object", async () => {
    const res = await payeeUnchanged(() =>
      pay(app, 1)(`${BASE}/api/tools/report/docx/generate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: "MALFORMED_JSON" });
    const array = await call(app, "POST", "/api/tools/report/docx/generate", [1, 2]);
    expect(array.status).toBe(400);
  });

  it("400 for an ambiguous or unsupported report model, with the report-model code", async () => {
    const legacy = await call(app, "POST", "/api/tools/report/pdf/generate", {
      report_meta: { title: "A" },
      title: "B",
    });
    expect(legacy.status).toBe(400);
    expect(((await legacy.json()) as { code: string }).code).toBe("AMBIGUOUS_REPORT");
  });

  it("404 for an unknown route", async () => {
    const res = await app.request(`${BASE}/api/unknown`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      success: false,
      error: "Not Found",
      code: "ENDPOINT_NOT_FOUND",
    });
  });

  it("405 with Allow for a method a known path does not take", async () => {
    const res = await app.request(`${BASE}/api/workflows/compliance/batch-wallet-screen`, {
      method: "DELETE",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toMatch(/POST/);
    expect(await res.json()).toMatchObject({ success: false, code: "METHOD_NOT_ALLOWED" });
  });

  it(`413 above the documented body limit (${MAX_BODY_BYTES} bytes), not charged`, async () => {
    const huge = { title: "x".repeat(MAX_BODY_BYTES + 10), sections: [] };
    const res = await payeeUnchanged(() =>
      call(app, "POST", "/api/tools/report/pdf/generate", huge, 2),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("415 for a body that is not JSON, not charged", async () => {
    const res = await payeeUnchanged(() =>
      pay(app, 2)(`${BASE}/api/workflows/compliance/batch-wallet-screen`, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("500 without internals when something inside fails, not charged", async () => {
    const res = await payeeUnchanged(() =>
      call(failing, "POST", "/api/tools/report/xlsx/generate", {
        report_meta: { title: "T" },
        tables: { t: { columns: ["a"], rows: [{ a: 1 }] } },
      }),
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: "The service failed to answer; nothing was charged.",
      code: "INTERNAL_ERROR",
    });
    expect(text).not.toMatch(/secret|renderer crashed|at /);
  });

  it("every answer carries a request id", async () => {
    const res = await app.request(`${BASE}/health`);
    expect(res.headers.get("X-Request-Id")).toMatch(/\S+/);
  });
});
