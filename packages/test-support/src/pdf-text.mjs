import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs `read` on the PDF (bytes, or their base64 as the services return them) written to a
 * throwaway file, and removes the file after.
 */
function withPdfFile(pdf, read) {
  const bytes = typeof pdf === "string" ? Buffer.from(pdf, "base64") : pdf;
  const dir = mkdtempSync(join(tmpdir(), "svc-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, bytes);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pageCountOf = (file) => {
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
};

/**
 * The text of a PDF as a reader sees it (poppler's `pdftotext`), whitespace collapsed. Takes
 * the bytes, or their base64 as the services return them.
 */
export function pdfText(pdf) {
  return withPdfFile(pdf, (file) =>
    execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** The number of pages of a PDF (bytes, or base64), as `pdfinfo` counts them. */
export function pdfPageCount(pdf) {
  return withPdfFile(pdf, pageCountOf);
}

/**
 * The text of each page of a PDF (bytes, or base64), one `pdftotext` run per page, as printed.
 * With `layout`, `pdftotext -layout`: each printed line stays one line of text, so what is on
 * one line of the page (a whole address, a table row) is on one line here.
 */
export function pdfPages(pdf, options = {}) {
  const layout = options.layout === true ? ["-layout"] : [];
  return withPdfFile(pdf, (file) =>
    Array.from({ length: pageCountOf(file) }, (_, i) =>
      execFileSync(
        "pdftotext",
        [...layout, "-enc", "UTF-8", "-f", `${i + 1}`, "-l", `${i + 1}`, file, "-"],
        { encoding: "utf8" },
      ),
    ),
  );
}

/** One page of a PDF (bytes, or base64) as a PNG: `pdftoppm -png -r <dpi>` (page 1, 60 dpi). */
export function pdfPagePng(pdf, options = {}) {
  const page = `${options.page ?? 1}`;
  const dpi = `${options.dpi ?? 60}`;
  return withPdfFile(pdf, (file, dir) => {
    const prefix = join(dir, "page");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      dpi,
      "-f",
      page,
      "-l",
      page,
      "-singlefile",
      file,
      prefix,
    ]);
    return readFileSync(`${prefix}.png`);
  });
}
