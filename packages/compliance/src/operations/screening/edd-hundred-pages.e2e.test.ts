import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verifyAttestation } from "@svc/attestations";
import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import {
  base64Runs,
  docxAttachedJws,
  pdfAttachedJws,
} from "../../test-support/attached-attestation.js";
import {
  HUNDRED_ADDRESSES,
  HUNDRED_PAGE_BOUNDS,
  paidSigning,
  realEditionDeps,
} from "../../test-support/document-set.mjs";
import { pdfPages } from "../../test-support/documents.js";
import { eddReport } from "./edd-report.js";

/**
 * Issue 29's target: the 100-address EDD memo of a paid answer in at most 8 PDF pages and 9 DOCX
 * pages (LibreOffice's print), no page holding base64: its JWS (about 32,000 characters here,
 * 8 of 15 PDF pages when it was printed) travels in the file instead.
 */
const PDF_PAGES = HUNDRED_PAGE_BOUNDS.pdf;
const DOCX_PAGES = HUNDRED_PAGE_BOUNDS.docx;

const dir = mkdtempSync(join(tmpdir(), "edd-hundred-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pdfinfoPages = (bytes: Uint8Array): number => {
  const path = join(dir, `pages-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path], { encoding: "utf8" }))?.[1]);
};

let deps: ComplianceDeps;
const addresses = HUNDRED_ADDRESSES;

beforeAll(async () => {
  deps = await realEditionDeps();
});

async function memo(format: "pdf" | "docx") {
  const { attest, attestationKeys: jwks } = await paidSigning();
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
    jwks,
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
