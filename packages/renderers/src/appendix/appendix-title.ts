/**
 * The lettered title of a report's appendices (its workbook tables), alike in every format:
 * "Appendix A — Designation detail", "Appendix B — Definitions". A title that already says
 * "Appendix" ("Appendix definitions") is not said twice.
 */

/** A, B, … Z, then AA, AB, … (a spreadsheet's column letters). */
export function appendixLetter(index: number): string {
  let n = index;
  let letters = "";
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

/** "Appendix A — <title>" for the appendix at `index` (0 for A). */
export function appendixTitle(index: number, title: string): string {
  const whole = title.trim();
  const rest = whole.replace(/^appendix\b[\s:.\u2013\u2014-]*/i, "");
  // "Appendix definitions" → "Definitions"; any other title as it is.
  const named =
    rest === whole ? rest : `${rest.charAt(0).toLocaleUpperCase("en-US")}${rest.slice(1)}`;
  const label = `Appendix ${appendixLetter(index)}`;
  return named === "" ? label : `${label} \u2014 ${named}`;
}
