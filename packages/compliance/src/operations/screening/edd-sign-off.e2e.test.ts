import { createHash } from "node:crypto";
import { generateSigningKey, groupedFingerprint } from "@svc/attestations";
import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { attesterFor, authorizationPayment } from "../../attestation/attest.js";
import type { ComplianceDeps } from "../../catalog/deps.js";
import {
  CLEAR,
  EDD_ADDRESSES,
  LISTED,
  NEAR,
  realEditionDeps,
} from "../../test-support/document-set.mjs";
import { pdfPages } from "../../test-support/documents.js";
import { reportXlsxGenerate } from "../documents/report-xlsx-generate.js";
import { xlsxWorkbook } from "../documents/test-support/read-workbook.js";
import { type EddDocumentAnswer, eddReport } from "./edd-report.js";

/**
 * Issue 29: a sign-off block fit to sign. On OFAC's real 2025-11-19 edition, the 3-, 6- and
 * 100-address memos of a paid answer print their sign-off form (a disposition row per matched
 * and near-matched wallet, the approval lines) on ONE page, with the attestation's evidence
 * (fingerprint, kid, instant, edition, lookup URL) on that same page: the PDF read page by page
 * with pdftotext, the DOCX as LibreOffice prints it, the XLSX as exceljs reads its print setup.
 */

/** `n` Ethereum addresses no list holds: the first 20 bytes of SHA-256("clear-<i>"). */
const clear = (n: number): string[] =>
  Array.from(
    { length: n },
    (_, i) => `0x${createHash("sha256").update(`clear-${i}`).digest("hex").slice(0, 40)}`,
  );

/** An address of the read-back set by name (its typings say a record of strings). */
const named = (set: Readonly<Record<string, string>>, name: string): string => {
  const address = set[name];
  if (address === undefined) throw new Error(`no address ${name}`);
  return address;
};

type Finding = "Match" | "Near match";

/** The memos, each with the positions (1-based) that need a row, and their findings. */
const MEMOS: Record<
  3 | 6 | 100,
  { readonly addresses: readonly string[]; readonly rows: Readonly<Record<number, Finding>> }
> = {
  3: {
    addresses: [named(LISTED, "ETH_LAZARUS"), named(NEAR, "ETH_LAZARUS"), named(CLEAR, "XBT")],
    rows: { 1: "Match", 2: "Near match" },
  },
  6: {
    addresses: [
      named(LISTED, "ETH_LAZARUS"),
      named(LISTED, "XMR"),
      named(LISTED, "XBT_BECH32"),
      named(NEAR, "ETH_LAZARUS"),
      named(CLEAR, "ETH"),
      named(CLEAR, "XBT"),
    ],
    rows: { 1: "Match", 2: "Match", 3: "Match", 4: "Near match" },
  },
  // The read-back set's ten wallets (eight listed on eight chains) and 90 clear ones.
  100: {
    addresses: [...EDD_ADDRESSES, ...clear(90)],
    rows: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [i + 1, "Match" as const])),
  },
};

type Size = keyof typeof MEMOS;

let deps: ComplianceDeps;
let attest: ReturnType<typeof attesterFor>;

beforeAll(async () => {
  deps = await realEditionDeps();
  attest = attesterFor({
    key: await generateSigningKey(),
    baseUrl: "https://screening.example.com",
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
  });
});

async function memo(size: Size, format: "pdf" | "docx") {
  const body = v.parse(eddReport.input, {
    subject_name: "Sign-off Ltd",
    addresses: [...MEMOS[size].addresses],
    output_format: format,
  });
  return (await eddReport.run(body, deps, { attest })) as EddDocumentAnswer & {
    attestation: string;
  };
}

const flat = (s: string): string => s.replace(/\s+/g, "");

/**
 * Whether the page prints `address` whole, perhaps broken over lines of a table cell whose
 * lines the text extraction interleaves with its neighbours': its pieces, words of the page,
 * joined in order.
 */
function holdsAddress(page: string, address: string): boolean {
  const words = new Set(page.split(/\s+/).filter((w) => w.length >= 6 && address.includes(w)));
  let at = 0;
  while (at < address.length) {
    let longest = 0;
    for (const w of words) if (w.length > longest && address.startsWith(w, at)) longest = w.length;
    if (longest === 0) return false;
    at += longest;
  }
  return true;
}

/** The fingerprint as printed: 16 groups of 4 hex digits over two lines. */
const fingerprintOf = (jws: string): string => createHash("sha256").update(jws).digest("hex");

/**
 * The one page holding the sign-off form, checked whole: the statement, a row per wallet to
 * decide (its address, its finding, its two options), none for the others, the approval lines,
 * and the attestation's evidence; no other page holds any of it.
 */
function expectOnePage(pages: readonly string[], size: Size, jws: string): void {
  const holding = pages.flatMap((p, i) => (p.includes("Reviewer sign-off") ? [i] : []));
  expect(holding, "pages with the sign-off heading").toHaveLength(1);
  const at = holding[0] as number;
  const page = pages[at] as string;
  const { addresses, rows } = MEMOS[size];
  expect(page).toContain("I have reviewed the screening results");
  for (const position of Object.keys(rows).map(Number)) {
    const address = addresses[position - 1] as string;
    expect(page, `#${position}`).toMatch(new RegExp(`#${position}\\b`));
    expect(holdsAddress(page, address), `row for #${position} ${address}`).toBe(true);
  }
  const findings = Object.values(rows) as string[];
  const count = (word: RegExp) => page.match(word)?.length ?? 0;
  expect(count(/Confirmed match/g)).toBe(findings.filter((f) => f === "Match").length);
  expect(count(/Typo or altered copy/g)).toBe(findings.filter((f) => f === "Near match").length);
  for (const words of ["Reviewer", "Second-level approval", "Name and role", "Signature", "Date"]) {
    expect(page, words).toContain(words);
  }
  // The evidence on the same page: its heading, the fingerprint's groups, the lookup URL.
  expect(page).toContain("Screening attestation");
  const fingerprint = fingerprintOf(jws);
  const groups = groupedFingerprint(fingerprint).split(" ");
  expect(page).toContain(groups.slice(0, 8).join(" "));
  expect(page).toContain(groups.slice(8).join(" "));
  expect(flat(page)).toContain(`/api/attestations/${fingerprint}`);
  for (const [i, other] of pages.entries()) {
    if (i === at) continue;
    expect(other, `page ${i + 1}`).not.toContain("Name and role");
    expect(other, `page ${i + 1}`).not.toContain("Screening attestation");
  }
}

describe.each([3, 6, 100] as const)("the %i-address memo's sign-off", (size) => {
  it("PDF: the form and the evidence on one page (pdftotext page by page)", async () => {
    const answer = await memo(size, "pdf");
    const pages = pdfPages(answer.artifact.contentBase64);
    expectOnePage(pages, size, answer.attestation);
    if (size === 100) expect(pages.length).toBeLessThanOrEqual(8);
  }, 120_000);

  it.skipIf(Boolean(officeMissingReason()))(
    "DOCX: the form and the evidence on one page as LibreOffice prints it",
    async () => {
      const answer = await memo(size, "docx");
      const printed = await officeToPdf({
        bytes: Buffer.from(answer.artifact.contentBase64, "base64"),
        kind: "docx",
      });
      const pages = pdfPages(printed);
      expectOnePage(pages, size, answer.attestation);
      if (size === 100) expect(pages.length).toBeLessThanOrEqual(9);
    },
    240_000,
  );

  it("XLSX: the form and the evidence on one sheet printed on one page (print area, fit to 1 × 1)", async () => {
    const { report, attestation } = await memo(size, "pdf");
    const answer = await reportXlsxGenerate.run(v.parse(reportXlsxGenerate.input, report), deps);
    const workbook = (await xlsxWorkbook(answer.data.artifact.contentBase64)) as unknown as {
      worksheets: {
        name: string;
        rowCount: number;
        state: string;
        rowBreaks?: unknown[];
        pageSetup: {
          fitToPage?: boolean;
          fitToWidth?: number;
          fitToHeight?: number;
          printArea?: string;
        };
        getRow(n: number): { values: unknown[] };
      }[];
    };
    const names = workbook.worksheets.map((s) => s.name);
    expect(names).not.toContain("Screening attestation");
    const sheet = workbook.worksheets.find((s) => s.name === "Reviewer sign-off");
    expect(sheet, names.join(", ")).toBeDefined();
    if (sheet === undefined) return;
    expect(sheet.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 1 });
    expect(sheet.pageSetup.printArea).toBe(`A1:E${sheet.rowCount}`);
    expect(sheet.rowBreaks ?? []).toEqual([]);
    const cells: string[] = [];
    for (let n = 1; n <= sheet.rowCount; n++) {
      for (const value of sheet.getRow(n).values) if (value != null) cells.push(String(value));
    }
    const text = cells.join("\n");
    const { addresses, rows } = MEMOS[size];
    for (const [i, address] of addresses.entries()) {
      expect(text.includes(address), `#${i + 1}`).toBe(String(i + 1) in rows);
    }
    for (const words of ["Second-level approval", "Name and role", "Signature", "Date"]) {
      expect(text).toContain(words);
    }
    const groups = groupedFingerprint(fingerprintOf(attestation)).split(" ");
    expect(text).toContain(groups.slice(0, 8).join(" "));
    expect(text).toContain(`/api/attestations/${fingerprintOf(attestation)}`);
  }, 120_000);
});
