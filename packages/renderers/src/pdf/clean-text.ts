const NEEDS_CLEANING = /[\r\t\u2028\u2029]/;

/**
 * A SHA-256 grouped for reading aloud (`groupedFingerprint`: 16 groups of four hex digits): in a
 * PDF its groups are joined by narrow no-break spaces, so it is one word, set in the monospace
 * face as every digest is (`monoSpan`) and never broken across lines.
 */
export const GROUPED_DIGEST = /\b[0-9a-f]{4}(?: [0-9a-f]{4}){15}\b/g;
export const GROUP_JOINER = "\u202f";

/**
 * Line breaks to "\n", tabs to a space: the only whitespace the PDF layout handles; a grouped
 * digest one word (`GROUPED_DIGEST`).
 */
export function cleanText(text: string): string {
  const grouped = text.length >= 79 ? text.replace(GROUPED_DIGEST, joinGroups) : text;
  if (!NEEDS_CLEANING.test(grouped)) return grouped;
  return grouped.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/\t/g, " ");
}

const joinGroups = (digest: string): string => digest.replaceAll(" ", GROUP_JOINER);
