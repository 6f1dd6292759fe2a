import JSZip from "jszip";

export { pdfPages, pdfText } from "@svc/test-support/pdf-text";

/** The paragraphs of a DOCX body, each the concatenation of its text runs. */
export async function docxParagraphs(base64: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(Buffer.from(base64, "base64"));
  const xml = await zip.file("word/document.xml")?.async("string");
  if (xml === undefined) throw new Error("not a DOCX: word/document.xml is missing");
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) =>
      [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:noBreakHyphen\/>/g)]
        .map((t) => (t[1] === undefined ? "-" : decodeXml(t[1])))
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
    const text = [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:noBreakHyphen\/>/g)]
      .map((t) => (t[1] === undefined ? "-" : decodeXml(t[1])))
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
