#!/usr/bin/env node
// `pnpm preview [--out DIR] [--only REGEX]`: makes every document the service files on OFAC's
// real 2025-11-19 edition (../shared beside the repository), signed and verified as a paid
// call's (the 100-wallet EDD memo included), writes each file and a PNG of its first printed
// page (DOCX and XLSX through LibreOffice's PDF) into DIR, a new directory under the system's
// temporary directory unless given, and prints a table: document, printed pages against the
// bound, bytes, render time. For looking at the documents as a reviewer would.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { officeBinary, officeMissingReason, officeToPdf } from "@svc/test-support/office";
import { pdfPageCount, pdfPagePng } from "@svc/test-support/pdf-text";
import {
  documentSet,
  paidSigning,
  realEditionDeps,
} from "../packages/compliance/src/test-support/document-set.mjs";

const { values } = parseArgs({
  options: { out: { type: "string" }, only: { type: "string" }, help: { type: "boolean" } },
});
if (values.help) {
  console.log("usage: pnpm preview [--out DIR] [--only REGEX]");
  process.exit(0);
}
const out =
  values.out === undefined ? mkdtempSync(join(tmpdir(), "svc-preview-")) : resolve(values.out);
mkdirSync(out, { recursive: true });
const only = values.only === undefined ? undefined : new RegExp(values.only);

// As customers get them: the screenings signed as a paid call signs them (the evidence block,
// the JWS attached), the documents made from their reports verified against their attestations
// with the service's keys, and the 100-wallet EDD memo beside the 10-wallet one.
const { attest, attestationKeys } = await paidSigning();
const deps = { ...(await realEditionDeps()), attestationKeys };
const documents = await documentSet(deps, { only, attest, hundred: true });
const noOffice = officeBinary() === undefined;

/** Writes the file, its PDF (LibreOffice's, for DOCX and XLSX) and page one as a PNG. */
async function preview(document) {
  writeFileSync(join(out, document.name), document.bytes);
  if (document.format !== "pdf" && noOffice) return { ...document, pages: undefined };
  const started = performance.now();
  const pdf =
    document.format === "pdf"
      ? document.bytes
      : await officeToPdf({ bytes: document.bytes, kind: document.format });
  const convertMs = document.format === "pdf" ? undefined : performance.now() - started;
  if (document.format !== "pdf") writeFileSync(join(out, `${document.name}.pdf`), pdf);
  writeFileSync(join(out, `${document.name}.png`), pdfPagePng(pdf));
  return { ...document, pages: pdfPageCount(pdf), convertMs };
}

// Two conversions at a time: the machine's two cores.
const previews = new Array(documents.length);
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (next < documents.length) {
      const i = next++;
      previews[i] = await preview(documents[i]);
    }
  }),
);

const rows = previews.map((d) => [
  d.name,
  d.title,
  d.pages === undefined ? "—" : `${d.pages}${d.pages > d.maxPages ? " > " : " ≤ "}${d.maxPages}`,
  d.bytes.length.toLocaleString("en-US"),
  Math.round(d.renderMs).toLocaleString("en-US"),
  d.convertMs === undefined ? "" : Math.round(d.convertMs).toLocaleString("en-US"),
]);
const header = ["document", "what", "pages (bound)", "bytes", "render ms", "LibreOffice ms"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row));
console.log(`\nFiles and page-one PNGs in ${out}`);
const note = officeMissingReason();
if (note !== undefined) {
  console.log(
    `${noOffice ? "DOCX and XLSX not printed" : "Printed, but not as CI prints"}: ${note}`,
  );
}
