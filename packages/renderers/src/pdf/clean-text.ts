const NEEDS_CLEANING = /[\r\t\u2028\u2029]/;

/** Line breaks to "\n", tabs to a space: the only whitespace the PDF layout handles. */
export function cleanText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/\t/g, " ");
}
