import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSigningKey, publicJwks, verifyAttestation } from "@svc/attestations";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeMissingReason, officeToPdf } from "../../../../../scripts/test-support/office.mjs";
import { attesterFor, authorizationPayment } from "../../attestation/attest.js";
import type { ComplianceDeps } from "../../catalog/deps.js";
import {
  base64Runs,
  docxAttachedJws,
  pdfAttachedJws,
} from "../../test-support/attached-attestation.js";
import { EDD_ADDRESSES, realEditionDeps } from "../../test-support/document-set.mjs";
import { pdfPages } from "../../test-support/documents.js";
import { eddReport } from "./edd-report.js";

/**
 * Issue 29's target: the 100-address EDD memo of a paid answer in at most 8 PDF pages and 9 DOCX
 * pages (LibreOffice's print), no page holding base64: its JWS (about 32,000 characters here,
 * 8 of 15 PDF pages when it was printed) travels in the file instead.
 */
const PDF_PAGES = 8;
const DOCX_PAGES = 9;

const dir = mkdtempSync(join(tmpdir(), "edd-hundred-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pdfinfoPages = (bytes: Uint8Array): number => {
  const path = join(dir, `pages-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path], { encoding: "utf8" }))?.[1]);
};

/** `n` Ethereum addresses no list holds: the first 20 bytes of SHA-256("clear-<i>"). */
const hundredClear = (n: number): string[] =>
  Array.from(
    { length: n },
    (_, i) => `0x${createHash("sha256").update(`clear-${i}`).digest("hex").slice(0, 40)}`,
  );

let deps: ComplianceDeps;
let addresses: string[];
const BASE_URL = "https://screening.example.com";

beforeAll(async () => {
  deps = await realEditionDeps();
  // The read-back set's ten wallets (eight listed on eight chains, two clear) and 90 clear
  // Ethereum addresses: a counterparty book as an EDD desk screens it (a 31,950-character JWS).
  addresses = [...EDD_ADDRESSES, ...hundredClear(100 - EDD_ADDRESSES.length)];
});

async function memo(format: "pdf" | "docx") {
  const key = await generateSigningKey();
  const attest = attesterFor({
    key,
    baseUrl: BASE_URL,
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payer: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
  });
  const body = v.parse(eddReport.input, {
    subject_name: "Hundred Wallets Ltd",
    addresses,
    output_format: format,
  });
  const answer = (await eddReport.run(body, deps, { attest })) as {
    attestation: string;
    artifact: { contentBase64: string };
  };
  return {
    answer,
    jwks: publicJwks([key]),
    bytes: Buffer.from(answer.artifact.contentBase64, "base64"),
  };
}

describe("the 100-address EDD memo of a paid answer", () => {
  it(`PDF: at most ${PDF_PAGES} pages (pdfinfo), no base64 on any page, the JWS attached and verifying`, async () => {
    const { answer, jwks, bytes } = await memo("pdf");
    expect(answer.attestation.length).toBeGreaterThan(30_000);
    expect(pdfinfoPages(bytes)).toBeLessThanOrEqual(PDF_PAGES);
    const pages = pdfPages(answer.artifact.contentBase64, { layout: true });
    for (const [i, page] of pages.entries())
      expect(base64Runs(page, addresses), `page ${i + 1}`).toEqual([]);
    const attached = pdfAttachedJws(bytes);
    expect(attached).toBe(answer.attestation);
    await expect(verifyAttestation(attached ?? "", jwks)).resolves.toBeDefined();
  }, 120_000);

  it.skipIf(Boolean(officeMissingReason()))(
    `DOCX: at most ${DOCX_PAGES} pages as LibreOffice prints it, no base64 in its text, the JWS a part`,
    async () => {
      const { answer, jwks, bytes } = await memo("docx");
      const printed = await officeToPdf({ bytes, kind: "docx" });
      expect(pdfinfoPages(printed)).toBeLessThanOrEqual(DOCX_PAGES);
      const path = join(dir, "memo.docx");
      writeFileSync(path, bytes);
      const xml = execFileSync("unzip", ["-p", path, "word/document.xml"], { encoding: "utf8" });
      expect(base64Runs(xml.replace(/<[^>]+>/g, " "), addresses)).toEqual([]);
      const attached = docxAttachedJws(bytes);
      expect(attached).toBe(answer.attestation);
      await expect(verifyAttestation(attached ?? "", jwks)).resolves.toBeDefined();
    },
    240_000,
  );
});
