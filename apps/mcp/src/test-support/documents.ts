import JSZip from "jszip";

export { pdfText } from "@svc/test-support/pdf-text";

/** The main part of a DOCX (a zip with word/document.xml), its XML tags left out. */
export async function docxText(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const document = zip.file("word/document.xml");
  if (document === null) throw new Error(`not a DOCX: ${Object.keys(zip.files).join(", ")}`);
  return (await document.async("string")).replace(/<[^>]+>/g, "");
}
