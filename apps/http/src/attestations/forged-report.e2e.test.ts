import { fileURLToPath } from "node:url";
import { attestationFingerprint, generateSigningKey, groupedFingerprint } from "@svc/attestations";
import { CALLER_CONTENT_NOTICE, renderDocument } from "@svc/renderers";
import { forgedClearReport } from "@svc/test-support/forged-report";
import { pdfPages } from "@svc/test-support/pdf-text";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The forgery of issue 29 through the service as a customer meets it, every call paid on the
// local chain: Lazarus Group's wallet report on OFAC's real 2025-11-19 edition, bought with its
// signed attestation, edited to say "clear" (no match, no review) and bought back as a PDF from
// the document route. The PDF must not vouch for it: the caller-content notice on every page, no
// "Prepared by", the mismatch with the attestation on page 1. The same report unedited comes
// back verified against its attestation.
const EDITION = fileURLToPath(
  new URL(
    "../../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const BASE = "http://svc.test";

// biome-ignore lint/suspicious/noExplicitAny: an answer is read member by member, each asserted.
type Answer = Record<string, any>;

let stack: PaidStack;
let app: Hono;
let paid: { report: Answer; attestation: string };

const post = async (path: string, body: unknown, payer: number) => {
  const res = await payingFetch(app.request, stack.devnet.payers[payer]!.privateKey)(
    `${BASE}${path}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  const text = await res.text();
  expect(res.status, text).toBe(200);
  // Paid: the settlement's receipt is on the answer.
  expect(res.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
  return JSON.parse(text) as Answer;
};

/** The PDF the paid document route makes of `report`, page by page, whitespace collapsed. */
const pdfOf = async (report: Answer, payer: number) => {
  const answer = await post("/api/tools/report/pdf/generate", report, payer);
  const base64 = (answer.data?.artifact ?? answer.artifact).contentBase64 as string;
  return pdfPages(base64).map((page) => page.replace(/\s+/g, " "));
};

beforeAll(async () => {
  stack = await startPaidStack(3, EDITION);
  app = createApp({
    ...stack.common,
    render: renderDocument,
    attestation: { key: await generateSigningKey(), retired: [] },
  });
  const answer = await post(
    "/api/workflows/compliance/wallet-sanctions-report",
    { address: LAZARUS },
    0,
  );
  expect(answer.data.summary.status).toBe("match");
  expect(typeof answer.attestation).toBe("string");
  paid = { report: answer.report, attestation: answer.attestation };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("a paid Lazarus Group report, edited to say 'clear' and paid for again as a PDF", () => {
  it("carries the caller-content notice on every page, never 'Prepared by', and names the mismatch on page 1", async () => {
    const pages = await pdfOf(forgedClearReport(paid.report, LAZARUS), 1);
    expect(pages.length).toBeGreaterThan(0);
    for (const [i, page] of pages.entries()) {
      expect(page, `page ${i + 1}`).toContain(CALLER_CONTENT_NOTICE);
    }
    expect(pages.join(" ")).not.toMatch(/prepared by/i);
    const grouped = groupedFingerprint(attestationFingerprint(paid.attestation));
    expect(pages[0]).toContain(`The attached attestation ${grouped} does not match these results`);
    expect(pages[0]).toContain(`${LAZARUS}: the report says clear, the attestation says match`);
    expect(pages.join(" ")).not.toContain("Screening results verified against attestation");
  });
});

describe("the same paid report, unedited, paid for as a PDF", () => {
  it("says it was verified against its attestation, with no caller-content notice", async () => {
    const pages = await pdfOf(paid.report, 2);
    const grouped = groupedFingerprint(attestationFingerprint(paid.attestation));
    expect(pages[0]).toContain(`Screening results verified against attestation ${grouped}`);
    expect(pages.join(" ")).not.toContain(CALLER_CONTENT_NOTICE);
  });
});
