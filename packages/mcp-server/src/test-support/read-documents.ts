import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The text of a PDF as a reader sees it (poppler's `pdftotext`), whitespace collapsed. */
export function pdfText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), "mcp-pdf-"));
  try {
    const file = join(dir, "doc.pdf");
    writeFileSync(file, Buffer.from(base64, "base64"));
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/\s+/g, " ")
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The embedded resources of a tool result. */
export const resourcesOf = (result: { content?: unknown }) =>
  (
    (result.content ?? []) as {
      type: string;
      resource?: { uri: string; mimeType: string; blob: string };
    }[]
  )
    .filter((c) => c.type === "resource")
    .map((c) => c.resource as { uri: string; mimeType: string; blob: string });
