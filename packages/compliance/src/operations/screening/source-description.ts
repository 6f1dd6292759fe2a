import type { SourceFreshness } from "@svc/ofac-index";

/** What the embedded sample reads as wherever a document names its source. */
export const SAMPLE_SOURCE_WORDS = "Embedded sample edition (not the OFAC list)";

/** The last segment of a path or `file:` URL, percent-decoded where it can be. */
function fileNameOf(location: string): string {
  const name = location.split(/[\\/]/).at(-1) ?? location;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The list's source as a reader is shown it: OFAC's URL as it is, "Embedded sample edition" for
 * the sample, and "Local file" with the file's name alone for an edition read from the server's
 * disk, whose path says nothing to a reader and is not theirs to see.
 */
export function sourceDescription(f: Pick<SourceFreshness, "sourceUrl" | "sample">): string {
  const source = f.sourceUrl;
  if (f.sample || source.startsWith("embedded:")) return SAMPLE_SOURCE_WORDS;
  if (/^https?:\/\//i.test(source)) return source;
  if (source === "stdin:") return "Standard input";
  if (/^file:/i.test(source) || source.startsWith("/") || /^[A-Za-z]:[\\/]/.test(source)) {
    return `Local file ${fileNameOf(source)}`;
  }
  return source;
}

/**
 * How documents label the edition's SHA-256: what it hashes (the XML as OFAC publishes it,
 * uncompressed), so a reader compares it with OFAC's published file signature, not with a
 * compressed copy's or a file name's. Short enough that a field/value table keeps room for a
 * 95-character address beside it.
 */
export const DATASET_SHA256_LABEL = "SHA-256 of the SDN Advanced XML";
