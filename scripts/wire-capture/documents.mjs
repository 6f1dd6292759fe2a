// A PDF, DOCX or XLSX the service answers (base64 inside JSON, or a binary body) is recorded by
// what it says, not by its bytes: its creation time and the attestation it prints change every
// run. The text is read as a reviewer would (poppler for PDFs, the XML parts for DOCX and XLSX)
// and masked by the capture's rules.
import { createRequire } from "node:module";
import { pdfPageCount, pdfText } from "@svc/test-support/pdf-text";
import { sizeBucket } from "./normalize.mjs";

// jszip is a dependency of the workspace's MCP app (its tests read DOCX the same way).
const JSZip = createRequire(new URL("../../apps/mcp/package.json", import.meta.url))("jszip");

/** The kind of document `bytes` are, by their magic number and, for a zip, their parts. */
function kindOf(bytes, names = []) {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (bytes.subarray(0, 4).toString("latin1") !== "PK\u0003\u0004") return undefined;
  if (names.some((n) => n.startsWith("word/"))) return "docx";
  if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
  return "zip";
}

/** Text of the XML parts of a zip document that carry words, tags dropped. */
async function zipText(zip, names) {
  const parts = names
    .filter((n) =>
      /^(word\/(document|header\d*|footer\d*)\.xml|xl\/sharedStrings\.xml|xl\/worksheets\/sheet\d+\.xml|docProps\/core\.xml)$/.test(
        n,
      ),
    )
    .sort();
  const texts = [];
  for (const name of parts) {
    const xml = await zip.file(name).async("string");
    // In the document's runs a tag splits no word; between the properties' elements, it does.
    const between = name.startsWith("docProps/") ? " " : "";
    const text = xml
      .replace(/<w:noBreakHyphen\/>/g, "-")
      .replace(/<w:softHyphen\/>/g, "")
      .replace(/<w:(br|cr)\/>/g, "\n")
      .replace(/<\/(w:p|row|si)>/g, "\n")
      .replace(/<\/(w:tc|c)>|<w:tab\/>/g, " ")
      .replace(/<[^>]+>/g, between)
      .replace(/[ \t]+/g, " ")
      .replace(/ *\n */g, "\n")
      .trim();
    texts.push(`[${name}]\n${text}`);
  }
  return texts.join("\n");
}

/**
 * A document's description, or undefined when `bytes` are not a document. `mask` is the capture's
 * string masking, applied to the text.
 */
export async function describeDocument(bytes, mask) {
  if (bytes.length < 64) return undefined;
  const head = kindOf(bytes);
  if (head === undefined) return undefined;
  if (head === "pdf") {
    return {
      document: "pdf",
      size: sizeBucket(bytes.length),
      pages: pdfPageCount(bytes),
      text: mask(pdfText(bytes)),
    };
  }
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).sort();
  return {
    document: kindOf(bytes, names),
    size: sizeBucket(bytes.length),
    // The embedded images are named by their SHA-1: the QR code's changes with the attestation.
    parts: names.map((n) => n.replace(/(?<![0-9a-f])[0-9a-f]{40}(?![0-9a-f])/g, "{sha1}")),
    text: mask(await zipText(zip, names)).split("\n"),
  };
}

/** Whether a JSON string is probably a base64 document (PDF or zip), worth decoding. */
export const looksLikeBase64Document = (s) =>
  s.length > 256 &&
  (s.startsWith("JVBERi0") || s.startsWith("UEsDB")) &&
  /^[A-Za-z0-9+/=\s]+$/.test(s.slice(0, 4096));
