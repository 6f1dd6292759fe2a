/**
 * How wide text sets in the DOCX's fonts, in twips, so that columns are sized from their content:
 * a header never breaks inside a word, and an address or a digest gets the width it needs.
 *
 * Calibri's advance widths (per 1,000 em) for printable ASCII, regular and bold, are those of
 * Carlito, its metric twin (the font LibreOffice sets Calibri in): text measured here breaks where
 * Word and LibreOffice break it. Other characters are estimated by class.
 */

// biome-ignore format: a table of 95 widths, one per printable ASCII character
const CALIBRI = [
  226, 326, 401, 498, 507, 715, 682, 221, 303, 303, 498, 498, 250, 306, 252, 386, 507, 507, 507,
  507, 507, 507, 507, 507, 507, 507, 268, 268, 498, 498, 498, 463, 894, 579, 544, 533, 615, 488,
  459, 631, 623, 252, 319, 520, 420, 855, 646, 662, 517, 673, 543, 459, 487, 642, 567, 890, 519,
  487, 468, 307, 386, 307, 498, 498, 291, 479, 525, 423, 525, 498, 305, 471, 525, 229, 239, 455,
  229, 799, 525, 527, 525, 525, 349, 391, 335, 525, 452, 715, 433, 453, 395, 314, 460, 314, 498,
];

// biome-ignore format: a table of 95 widths, one per printable ASCII character
const CALIBRI_BOLD = [
  226, 326, 438, 498, 507, 729, 705, 233, 312, 312, 498, 498, 258, 306, 267, 430, 507, 507, 507,
  507, 507, 507, 507, 507, 507, 507, 276, 276, 498, 498, 498, 463, 898, 606, 561, 529, 630, 488,
  459, 637, 631, 267, 331, 547, 423, 874, 659, 676, 532, 686, 563, 473, 495, 653, 591, 906, 551,
  520, 478, 325, 430, 325, 498, 498, 300, 494, 537, 418, 537, 503, 316, 474, 537, 246, 255, 480,
  246, 813, 537, 538, 537, 537, 355, 399, 347, 537, 473, 745, 459, 474, 397, 344, 475, 344, 498,
];

/**
 * The advance of a monospace character, per 1,000 em: the widest of the faces a reader may set
 * the code font in (Consolas 550, Courier New 600, DejaVu Sans Mono 602, LibreOffice's stand-in
 * on Linux), so an address measured here fits in any of them.
 */
const MONO = 610;

/** Twips per point. */
const TWIPS_PER_PT = 20;

/** A character outside printable ASCII, per 1,000 em: ideographs and Hangul are square. */
function otherWidth(code: number): number {
  if (
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xff60) ||
    code > 0xffff
  ) {
    return 1000;
  }
  // Cyrillic capitals and the dashes are wide; most Latin, Greek and Arabic letters are not.
  if (code === 0x2014 || code === 0x2026) return 910;
  if (code >= 0x0400 && code <= 0x042f) return 650;
  return 560;
}

/** The width of `text` in Calibri at `sizePt` (bold for headers), in twips. */
export function proseWidth(text: string, sizePt: number, bold = false): number {
  const table = bold ? CALIBRI_BOLD : CALIBRI;
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    units += code >= 32 && code < 127 ? (table[code - 32] ?? 500) : otherWidth(code);
  }
  return Math.ceil((units * sizePt * TWIPS_PER_PT) / 1000);
}

/** The width of `chars` characters in the code font at `sizePt`, in twips. */
export function monoWidth(chars: number, sizePt: number): number {
  return Math.ceil((chars * MONO * sizePt * TWIPS_PER_PT) / 1000);
}

/** The largest size (of `sizes`, largest first) at which `chars` monospace characters fit `twips`. */
export function monoSizeFitting(
  chars: number,
  twips: number,
  sizes: readonly number[],
): number | undefined {
  return sizes.find((size) => monoWidth(chars, size) <= twips);
}

/** The words of `text`: where a line may break (spaces, and after a hyphen or a slash). */
function words(text: string): string[] {
  return text.split(/\s+|(?<=[-/\u2013\u2014])/u).filter((w) => w !== "");
}

/** The width of the widest word of `text` in Calibri at `sizePt`, in twips. */
export function widestWord(text: string, sizePt: number, bold = false): number {
  let widest = 0;
  for (const word of words(text)) widest = Math.max(widest, proseWidth(word, sizePt, bold));
  return widest;
}
