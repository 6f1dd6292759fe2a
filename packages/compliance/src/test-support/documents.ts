import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";

/** The text of a PDF as a reader sees it (poppler's `pdftotext`), whitespace collapsed. */
export function pdfText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), "compliance-pdf-"));
  try {
    const file = join(dir, "memo.pdf");
    writeFileSync(file, Buffer.from(base64, "base64"));
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/\s+/g, " ")
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The paragraphs of a DOCX body, each the concatenation of its text runs. */
export async function docxParagraphs(base64: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(Buffer.from(base64, "base64"));
  const xml = await zip.file("word/document.xml")?.async("string");
  if (xml === undefined) throw new Error("not a DOCX: word/document.xml is missing");
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) =>
      [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map((t) => decodeXml(t[1] ?? ""))
        .join(""),
    )
    .filter((text) => text !== "");
}

/** The style ids of the DOCX body's paragraphs that are headings (`Heading1`, `Title`, …). */
export async function docxHeadings(base64: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(Buffer.from(base64, "base64"));
  const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].flatMap((p) => {
    const style = /<w:pStyle w:val="([^"]+)"/.exec(p[0])?.[1];
    if (style === undefined || !/^(Heading|Title)/.test(style)) return [];
    const text = [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((t) => decodeXml(t[1] ?? ""))
      .join("");
    return [`${style}: ${text}`];
  });
}

const decodeXml = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
