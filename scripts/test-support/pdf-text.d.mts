/** The text of a PDF (bytes, or base64) as poppler's `pdftotext` reads it, whitespace collapsed. */
export function pdfText(pdf: string | Uint8Array): string;
/** The text of each page of a PDF (bytes, or base64), one `pdftotext` run per page. */
export function pdfPages(pdf: string | Uint8Array): string[];
