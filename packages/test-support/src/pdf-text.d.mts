/** The text of a PDF (bytes, or base64) as poppler's `pdftotext` reads it, whitespace collapsed. */
export function pdfText(pdf: string | Uint8Array): string;
/** The number of pages of a PDF (bytes, or base64), as `pdfinfo` counts them. */
export function pdfPageCount(pdf: string | Uint8Array): number;
/**
 * The text of each page of a PDF (bytes, or base64), one `pdftotext` run per page; with
 * `layout`, `pdftotext -layout` (each printed line one line of text).
 */
export function pdfPages(
  pdf: string | Uint8Array,
  options?: { readonly layout?: boolean },
): string[];
/** One page of a PDF (bytes, or base64) as PNG bytes: `pdftoppm -png` (page 1 at 60 dpi by default). */
export function pdfPagePng(
  pdf: string | Uint8Array,
  options?: { readonly page?: number; readonly dpi?: number },
): Buffer;
