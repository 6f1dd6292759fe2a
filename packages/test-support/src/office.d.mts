/** The soffice binary, or undefined when LibreOffice is not installed. */
export function officeBinary(): string | undefined;
/**
 * Why office conversions cannot run here as in CI (LibreOffice or the Carlito font missing, and
 * how to install them), or undefined when they can.
 */
export function officeMissingReason(): string | undefined;
/** What to convert: a file (its kind from the extension), or bytes of the kind named. */
export type OfficeSource =
  | { readonly file: string }
  | { readonly bytes: Uint8Array; readonly kind: "docx" | "xlsx" };
/**
 * Converts a DOCX or XLSX to PDF with headless LibreOffice (a throwaway profile per call, so
 * calls may run side by side; the kind's own import filter, so a damaged file is refused, not
 * printed as text) and resolves with the PDF's bytes; past `timeoutMs` the process group is
 * killed and the promise rejects.
 */
export function officeToPdf(
  source: OfficeSource,
  options?: { readonly timeoutMs?: number },
): Promise<Buffer>;
