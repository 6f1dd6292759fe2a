import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Font } from "@react-pdf/renderer";
import type { FontPlan } from "./font-plan.js";
import { woffToSfnt } from "./woff.js";

/** The part of a fontkit font the PDF renderer measures text with. */
export interface MeasurableFont {
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { readonly advanceWidth: number };
}

let hyphenationSet = false;

/**
 * Registers the plan's families with react-pdf's global `Font` store, each once per process
 * (idempotent: a family already registered is left alone, so its parsed font is reused by later
 * renders). Also turns off react-pdf's English hyphenation, which would otherwise break words
 * (and wallet addresses) at syllables with an inserted "-".
 * Returns the `fontFamily` fallback stack to style text with.
 */
export function registerPdfFonts(plan: FontPlan): readonly string[] {
  if (!hyphenationSet) {
    Font.registerHyphenationCallback((word) => [word]);
    hyphenationSet = true;
  }
  const known = new Set(Font.getRegisteredFontFamilies());
  for (const f of plan.families) {
    if (known.has(f.family)) continue;
    Font.register({
      family: f.family,
      fonts: [
        { src: fontSource(f.regular), fontWeight: 400 },
        ...(f.bold === null ? [] : [{ src: fontSource(f.bold), fontWeight: 700 }]),
      ],
    });
  }
  return plan.fontFamily;
}

/**
 * What react-pdf loads for a font file: TrueType paths as they are; a WOFF slice unpacked to
 * TrueType in memory and handed over as a data URL (see `woffToSfnt` for why). Unpacked lazily,
 * when react-pdf first loads the face, and only once per process (react-pdf keeps the font).
 */
function fontSource(path: string): string {
  if (!path.endsWith(".woff")) return path;
  return `data:font/ttf;base64,${woffToSfnt(readFileSync(path)).toString("base64")}`;
}

/**
 * Loads (once; react-pdf caches the parsed font) and returns the fonts of the stack for one
 * weight, in fallback order: the same objects react-pdf lays text out with.
 */
export async function loadPdfFonts(
  plan: FontPlan,
  fontWeight: 400 | 700,
): Promise<readonly MeasurableFont[]> {
  const fonts: MeasurableFont[] = [];
  for (const fontFamily of plan.fontFamily) {
    await Font.load({ fontFamily, fontWeight });
    const data = Font.getFont({ fontFamily, fontWeight }).data as unknown as MeasurableFont | null;
    if (data === null) continue;
    prepareForPdfkit(data, fontFamily === plan.fontFamily[0] ? null : fontFamily, fontWeight);
    fonts.push(data);
  }
  return fonts;
}

const prepared = new WeakSet<object>();

/**
 * Two adjustments to our own registered font objects for the pdfkit inside react-pdf 4.9, which
 * is handed the font object for every text run and, each time, builds a new embedded-font
 * wrapper and decides whether the document already has it by PostScript name plus a checksum
 * and a JSON comparison of the whole `name` table:
 *
 * 1. Every fontsource slice of Noto Sans SC is called `NotoSansSC-Regular`, so slices never
 *    match one another's entry: each text run in a second slice would embed yet another copy of
 *    it (hundreds of font objects in a long table). Each slice object gets a name of its own
 *    (`NotoSansSC-Regular-113`), and pdfkit embeds each slice once.
 * 2. The `name` table comparison serializes about 5 KB (DejaVu's licence text) twice per text
 *    run: about 0.3 s for a 1,000-row table. The table now serializes (`toJSON`) to a SHA-256
 *    of its JSON, computed once: the comparison keeps its meaning (same table, same digest) at
 *    the cost of comparing two short strings.
 */
function prepareForPdfkit(font: object, family: string | null, weight: number): void {
  if (prepared.has(font)) return;
  prepared.add(font);
  const f = font as { postscriptName?: unknown; _tables?: { name?: { records?: object } } };
  const name = f.postscriptName; // parses the name table
  if (family !== null && typeof name === "string") {
    const slice = family.split(" ").at(-1) ?? family;
    Object.defineProperty(font, "postscriptName", {
      value: `${name}-${slice}${weight === 700 && !name.includes("Bold") ? "-Bold" : ""}`,
      configurable: true,
    });
  }
  const records = f._tables?.name?.records;
  if (records !== undefined && !Object.hasOwn(records, "toJSON")) {
    const digest = createHash("sha256").update(JSON.stringify(records)).digest("hex");
    Object.defineProperty(records, "toJSON", { value: () => digest, enumerable: false });
  }
}
