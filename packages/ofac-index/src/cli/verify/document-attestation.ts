import { ATTESTATION_CARRIERS } from "@svc/attestations";
import { strFromU8, unzipSync } from "fflate";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from "pdf-lib";

/** Which document a file is, by its first bytes: a PDF, or a ZIP package (DOCX or XLSX). */
export function documentKind(bytes: Uint8Array): "pdf" | "zip" | undefined {
  const head = strFromU8(bytes.subarray(0, 5), true);
  if (head === "%PDF-") return "pdf";
  if (head.startsWith("PK\u0003\u0004")) return "zip";
  return undefined;
}

const text = (value: unknown): string | undefined =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** The name/value pairs of a PDF name tree (its /Names, and its /Kids' in order). */
function* nameTree(node: PDFDict | undefined, depth = 0): Iterable<[string, unknown]> {
  if (node === undefined || depth > 16) return;
  const names = node.lookupMaybe(PDFName.of("Names"), PDFArray);
  for (let i = 0; names !== undefined && i + 1 < names.size(); i += 2) {
    const name = text(names.lookup(i));
    if (name !== undefined) yield [name, names.lookup(i + 1)];
  }
  const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
  for (let i = 0; kids !== undefined && i < kids.size(); i++) {
    yield* nameTree(kids.lookupMaybe(i, PDFDict), depth + 1);
  }
}

/** The attestation attached to a PDF (the embedded file `attestation.jws`), else undefined. */
async function fromPdf(bytes: Uint8Array): Promise<string | undefined> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const files = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  for (const [name, spec] of nameTree(files)) {
    if (!(spec instanceof PDFDict)) continue;
    const fileName =
      text(spec.lookup(PDFName.of("UF"))) ?? text(spec.lookup(PDFName.of("F"))) ?? name;
    if (fileName !== ATTESTATION_CARRIERS.fileName) continue;
    const stream = spec.lookupMaybe(PDFName.of("EF"), PDFDict)?.lookup(PDFName.of("F"));
    if (!(stream instanceof PDFRawStream)) continue;
    return strFromU8(decodePDFRawStream(stream).decode());
  }
  return undefined;
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The part a DOCX package's root relationship of the attestation's type names, else undefined. */
function fromDocx(files: Record<string, Uint8Array>): string | undefined {
  const rels = files["_rels/.rels"];
  if (rels === undefined) return undefined;
  for (const tag of strFromU8(rels).match(/<Relationship\b[^>]*>/g) ?? []) {
    if (attribute(tag, "Type") !== ATTESTATION_CARRIERS.docxRelationshipType) continue;
    const target = attribute(tag, "Target")?.replace(/^\//, "");
    const part = target === undefined ? undefined : files[target];
    return part === undefined ? undefined : strFromU8(part);
  }
  return undefined;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The JWS on an XLSX's attestation sheet (column A from A2 down, joined), else undefined. */
function fromXlsx(files: Record<string, Uint8Array>): string | undefined {
  const workbook = files["xl/workbook.xml"];
  const rels = files["xl/_rels/workbook.xml.rels"];
  if (workbook === undefined || rels === undefined) return undefined;
  const sheet = (strFromU8(workbook).match(/<sheet\b[^>]*>/g) ?? []).find(
    (tag) => attribute(tag, "name") === ATTESTATION_CARRIERS.xlsxSheetName,
  );
  const id = sheet === undefined ? undefined : attribute(sheet, "r:id");
  const rel = (strFromU8(rels).match(/<Relationship\b[^>]*>/g) ?? []).find(
    (tag) => attribute(tag, "Id") === id,
  );
  const target = rel === undefined ? undefined : attribute(rel, "Target");
  if (target === undefined) return undefined;
  const xml = files[target.startsWith("/") ? target.slice(1) : `xl/${target}`];
  if (xml === undefined) return undefined;
  const pieces: string[] = [];
  for (const cell of strFromU8(xml).matchAll(/<c\b[^>]*\br="A(\d+)"[^>]*>([\s\S]*?)<\/c>/g)) {
    if (Number(cell[1]) < 2) continue;
    pieces.push(
      unescapeXml(
        [...(cell[2] ?? "").matchAll(/<t\b[^>]*>([^<]*)<\/t>/g)].map((t) => t[1]).join(""),
      ),
    );
  }
  return pieces.length === 0 ? undefined : pieces.join("");
}

/**
 * The screening attestation a document of the service carries (`ATTESTATION_CARRIERS`): the
 * PDF's attachment, the DOCX's package part, the XLSX's hidden sheet. Undefined when the
 * document carries none.
 */
export async function documentAttestation(bytes: Uint8Array): Promise<string | undefined> {
  const kind = documentKind(bytes);
  if (kind === "pdf") return fromPdf(bytes);
  if (kind !== "zip") return undefined;
  const files = unzipSync(bytes, {
    filter: (f) =>
      f.name === "_rels/.rels" ||
      f.name === ATTESTATION_CARRIERS.docxPartName.slice(1) ||
      f.name.startsWith("xl/workbook.xml") ||
      f.name.startsWith("xl/_rels/") ||
      f.name.startsWith("xl/worksheets/"),
  });
  return fromDocx(files) ?? fromXlsx(files);
}
