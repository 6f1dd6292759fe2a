import { labelOfKey } from "@svc/report-model";
import {
  ATTESTATION_APPENDIX,
  JWS_LINE_LENGTH,
} from "../operations/screening/attestation-appendix.js";

/** A printed line of the JWS: base64url and the two dots, at most a line's length. */
const JWS_LINE = new RegExp(`^[A-Za-z0-9_.-]{1,${JWS_LINE_LENGTH}}$`);

/** The JWS sheet's title and its one column's header, as the documents print them. */
const SHEET_TITLE = labelOfKey(ATTESTATION_APPENDIX.jws);
const COLUMN_HEADER = "JWS";

/**
 * The JWS a document prints in its attestation appendix, read back from its pages as
 * `pdftotext -layout` gives them (one printed line, one line of text): the lines of the JWS
 * sheet joined, from its title to its last, shorter line, past the page furniture (running
 * header, page numbers) and the column header repeated on each page it continues on. Undefined
 * when the document has no JWS sheet.
 */
export function printedJws(pages: readonly string[]): string | undefined {
  const lines = pages.flatMap((page) => page.split("\n").map((line) => line.trim()));
  const start = lines.indexOf(SHEET_TITLE);
  if (start < 0) return undefined;
  let jws = "";
  for (const line of lines.slice(start + 1)) {
    if (line === COLUMN_HEADER || !JWS_LINE.test(line)) continue;
    jws += line;
    if (line.length < JWS_LINE_LENGTH) break;
  }
  return jws;
}

/** The page text with its whitespace removed: what a JWS printed in lines must be part of. */
export const withoutWhitespace = (pages: readonly string[]): string =>
  pages.join("").replace(/\s+/g, "");
