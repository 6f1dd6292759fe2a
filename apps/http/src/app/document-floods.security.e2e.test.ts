import {
  type AnyOperation,
  DOCUMENT_BODY_PREPARER,
  reportDocxGenerate,
  reportPdfGenerate,
  reportXlsxGenerate,
} from "@svc/compliance";
import { RENDER_LIMITS, RenderPool, type RenderRequest } from "@svc/renderers/pool";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// Work nobody pays for must not stall everyone: floods of document requests, each with a valid
// authorization, on the real local chain and a real worker pool. Counts are small (a 2-core
// machine); each test checks what was refused, with which code, before which work, and that
// nothing refused was charged.
let stack: PaidStack;
let pool: RenderPool;
let served: Served;
/** The same routes and pool validating every body on the request's thread (no `renderBody`). */
let mainThreadServed: Served;
/** A pool whose one worker has a 160 MB heap: a large DOCX runs it out of memory. */
let starved: RenderPool;
let starvedServed: Served;

/**
 * The DOCX route with a 16 s deadline: two maximum-size DOCX fit in it as the admission takes
 * them before it has seen a render (twice the model: 7.8 s each), a third does not.
 */
const docx16s: AnyOperation = { ...reportDocxGenerate, deadlineMs: 16_000 };

beforeAll(async () => {
  stack = await startPaidStack(3);
  // As the service runs them: large bodies are parsed and validated on the render worker.
  pool = new RenderPool({ threads: 1, bodyPreparer: DOCUMENT_BODY_PREPARER });
  starved = new RenderPool({
    threads: 1,
    // Small enough that a maximum-size DOCX runs out of memory while docx builds its objects
    // (Node then stops the worker: ERR_WORKER_OUT_OF_MEMORY). At 160 MB it ran out while
    // writing one huge string, which on Node 24 aborts the whole process instead: resourceLimits
    // are best-effort (nodejs/node#47224).
    maxHeapMb: 110,
    warmUp: false,
    bodyPreparer: DOCUMENT_BODY_PREPARER,
  });
  // Both pools' workers started ahead, as a service's are once it has rendered: the starved
  // pool's worker runs out of memory in its render, not while it is still loading.
  await pool.warm();
  await starved.warm();
  const renderer = {
    render: (...args: Parameters<RenderPool["render"]>) => pool.render(...args),
    admitRender: (request: RenderRequest) => pool.admit(request),
  };
  const operations = [reportPdfGenerate, docx16s, reportXlsxGenerate];
  served = await serveOnLoopback(
    createApp({
      ...stack.common,
      ...renderer,
      renderBody: (type, body, options) => pool.renderBody(type, body, options),
      operations,
    }),
  );
  mainThreadServed = await serveOnLoopback(createApp({ ...stack.common, ...renderer, operations }));
  starvedServed = await serveOnLoopback(
    createApp({
      ...stack.common,
      render: (type, report, options) => starved.render(type, report, options),
      admitRender: (request) => starved.admit(request),
      renderBody: (type, body, options) => starved.renderBody(type, body, options),
      operations: [reportDocxGenerate],
    }),
  );
}, 60_000);
afterAll(async () => {
  await served?.close();
  await mainThreadServed?.close();
  await starvedServed?.close();
  await pool?.close();
  await starved?.close();
  await stack?.stop();
});

/** A report of `rows` rows of `columns` short cells (zeros with `zeros`: the most rows in a body). */
const table = (rows: number, columns = 20, zeros = false) => ({
  report_meta: { report_type: "flood", title: "Flood", author: "test", date: "2026-01-15" },
  tables: {
    t: {
      columns: Array.from({ length: columns }, (_, i) => `c${i}`),
      rows: Array.from({ length: rows }, (_, r) =>
        Array.from({ length: columns }, (_, i) => (zeros ? 0 : `${r}.${i}`)),
      ),
    },
  },
});

/** POSTs `body` to `path`, paid by a fresh authorization of payer `payer`. */
async function paidPost(origin: string, path: string, payer: number, body: string) {
  const unpaid = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  const challenge = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") as string);
  const key = stack.devnet.payers[payer]?.privateKey as Hex;
  const payment = await payerOf(key).createPaymentPayload(challenge);
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment),
    },
    body,
  });
  const answer = (await res.json()) as { code?: string; issues?: { path: string }[] };
  return {
    status: res.status,
    code: answer.code,
    answer,
    retryAfter: res.headers.get("Retry-After"),
    charged: res.headers.get("PAYMENT-RESPONSE") !== null,
  };
}

describe("document floods", () => {
  it("oversized document bodies do not stall /health: 8 concurrent PDFs one row over the limit, each paid, are refused 413 REPORT_TOO_LARGE before validation or rendering, and none is charged", async () => {
    const limit = RENDER_LIMITS.pdf;
    const body = JSON.stringify(table(Math.min(limit.rows, limit.cells / 20) + 1, 20, true));
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const started = pool.stats.started;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        paidPost(served.origin, reportPdfGenerate.path, i % 3, body),
      ),
    );
    expect(answers.map((a) => [a.status, a.code, a.charged])).toEqual(
      Array(8).fill([413, "REPORT_TOO_LARGE", false]),
    );
    expect(pool.stats.started).toBe(started);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
  }, 60_000);

  it("a burst of maximum-size renders is queued or refused, never 500: of 6 concurrent maximum-size DOCX from 2 payers (16 s deadline), the 2 that can finish in time are admitted, the rest refused 503 RENDER_BUSY or RENDER_PAYER_BUSY with Retry-After before any render, and only answered ones are charged", async () => {
    const limit = RENDER_LIMITS.docx;
    const body = JSON.stringify(table(Math.min(limit.rows, limit.cells / 20)));
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const started = pool.stats.started;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => paidPost(served.origin, docx16s.path, i % 2, body)),
    );
    const refused = answers.filter(
      (a) => a.code === "RENDER_BUSY" || a.code === "RENDER_PAYER_BUSY",
    );
    expect(refused).toHaveLength(4);
    for (const a of refused) {
      expect(a.status).toBe(503);
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.charged).toBe(false);
    }
    // The admitted two render (or, on a machine too loaded to finish in time, are abandoned
    // EXECUTION_TIMEOUT, not charged); nothing is a 500.
    const admitted = answers.filter((a) => !refused.includes(a));
    for (const a of admitted) expect([200, 503]).toContain(a.status);
    expect(answers.some((a) => a.status === 500)).toBe(false);
    expect(pool.stats.started - started).toBe(2);
    const paid = admitted.filter((a) => a.status === 200);
    expect(paid.every((a) => a.charged)).toBe(true);
    const price = BigInt(Number(docx16s.price) * 1_000_000);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(
      before + price * BigInt(paid.length),
    );
  }, 120_000);

  it("a large invalid body is refused on the render worker exactly as on the request's thread: the same status, code, message and field paths, and not charged", async () => {
    const rows = (n: number) => table(n).tables.t.rows;
    // Each over 64 KB, so the service hands it to the worker; each invalid in its own way.
    const cases = [
      // The schema: a field of the wrong type, deep in the body.
      [docx16s.path, { ...table(2_000), report_meta: { ...table(1).report_meta, title: 42 } }],
      // The schema, on the PDF route's own (either variant): a cell that is an object.
      [
        reportPdfGenerate.path,
        { ...table(2_000), tables: { t: { columns: ["a"], rows: [...rows(2_000), [{}]] } } },
      ],
      // `parseReport`, after the schema: a body carrying both variants' markers.
      [reportPdfGenerate.path, { ...table(2_000), title: "Legacy too", sections: [] }],
      // The XLSX route takes the shared model only.
      [reportXlsxGenerate.path, { title: "Legacy", sections: [{ table: rows(2_000) }] }],
    ] as const;
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const refusals: [string | undefined, string | undefined][] = [];
    for (const [path, body] of cases) {
      const text = JSON.stringify(body);
      expect(text.length).toBeGreaterThan(64 * 1024);
      const started = pool.stats.started;
      const onWorker = await paidPost(served.origin, path, 0, text);
      // The worker took it (a render task), where the request's thread refuses it before any.
      expect(pool.stats.started).toBe(started + 1);
      const onThread = await paidPost(mainThreadServed.origin, path, 1, text);
      expect(pool.stats.started).toBe(started + 1);
      expect(onWorker.status).toBe(400);
      expect(onWorker.answer).toEqual(onThread.answer);
      refusals.push([onWorker.code, onWorker.answer.issues?.[0]?.path]);
      expect(onThread.status).toBe(400);
      expect([onWorker.charged, onThread.charged]).toEqual([false, false]);
    }
    expect(refusals).toEqual([
      ["INVALID_INPUT", "report_meta.title"],
      ["INVALID_INPUT", "tables.t.rows[2000]"],
      ["AMBIGUOUS_REPORT", ""],
      ["INVALID_INPUT", "report_meta"],
    ]);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
  }, 120_000);

  it("a render whose worker runs out of memory is 503 RENDER_FAILED, never 500 INTERNAL_ERROR, and not charged", async () => {
    const before = await stack.devnet.balanceOf(stack.devnet.payTo);
    const answer = await paidPost(
      starvedServed.origin,
      reportDocxGenerate.path,
      2,
      JSON.stringify(table(RENDER_LIMITS.docx.cells / 20)),
    );
    expect(answer).toMatchObject({ status: 503, code: "RENDER_FAILED", charged: false });
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(await stack.devnet.balanceOf(stack.devnet.payTo)).toBe(before);
  }, 60_000);
});
