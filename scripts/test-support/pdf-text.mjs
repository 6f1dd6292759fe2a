import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The text of a PDF as a reader sees it (poppler's `pdftotext`), whitespace collapsed. Takes
 * the bytes, or their base64 as the services return them.
 */
export function pdfText(pdf) {
  const bytes = typeof pdf === "string" ? Buffer.from(pdf, "base64") : pdf;
  const dir = mkdtempSync(join(tmpdir(), "svc-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/\s+/g, " ")
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page of a PDF (bytes, or base64), one `pdftotext` run per page, as printed. */
export function pdfPages(pdf) {
  const bytes = typeof pdf === "string" ? Buffer.from(pdf, "base64") : pdf;
  const dir = mkdtempSync(join(tmpdir(), "svc-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, bytes);
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    return Array.from({ length: pages }, (_, i) =>
      execFileSync("pdftotext", ["-enc", "UTF-8", "-f", `${i + 1}`, "-l", `${i + 1}`, file, "-"], {
        encoding: "utf8",
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
