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

/**
 * The families registered with react-pdf whose regular face is parsed and held (loaded by a
 * render or by `loadPdfFonts`): what this thread's next PDF lays text out with at no loading
 * cost.
 */
export function loadedPdfFontFamilies(): readonly string[] {
  return Object.entries(Font.getRegisteredFonts())
    .filter(([, family]) => family.sources.some((s) => s.fontWeight === 400 && s.data !== null))
    .map(([name]) => name);
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
 *
 * And one for the layout both react-pdf and pdfkit ask of it (see {@link cacheLayouts}).
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
  cacheLayouts(font);
}

/** The part of a fontkit glyph run a layout copy is made of. */
interface GlyphRunLike {
  glyphs: unknown[];
  positions: object[];
}

type Layout = (text: unknown, ...options: unknown[]) => GlyphRunLike;

/**
 * Glyphs of the layouts one font keeps (about 100 bytes each with its position); past this it
 * starts over, so a server's memory stays bounded whatever it renders.
 */
const LAYOUT_CACHE_GLYPHS = 100_000;

/**
 * Shaping a text run (fontkit's `layout`: OpenType substitution and positioning) is about a
 * quarter of a PDF's render time, and a document shapes the same strings again and again (the
 * table headers and labels on every page, the same values in many rows, the same memo wording
 * in every render): react-pdf lays each run out, and pdfkit lays it out once more when it draws
 * canvas text. The font's `layout` now keeps its result per text and options and hands out a
 * copy: the glyph list and positions are new arrays and position objects each time, since pdfkit
 * rescales the positions it is given in place. Glyph objects are fontkit's own per-font cache
 * in either case. Same text, same options, same font: the same glyphs and positions, so the
 * document is byte for byte what it was.
 */
function cacheLayouts(font: object): void {
  const original: unknown = Reflect.get(font, "layout");
  if (typeof original !== "function") return;
  const layout: Layout = original.bind(font);
  const cache = new Map<string, GlyphRunLike>();
  let glyphs = 0;
  const cached: Layout = (text, ...options) => {
    if (typeof text !== "string") return layout(text, ...options);
    const key = `${JSON.stringify(options)}\u0000${text}`;
    const kept = cache.get(key);
    if (kept !== undefined) return copyRun(kept);
    const run = layout(text, ...options);
    if (glyphs + run.glyphs.length > LAYOUT_CACHE_GLYPHS) {
      cache.clear();
      glyphs = 0;
    }
    cache.set(key, copyRun(run));
    glyphs += run.glyphs.length;
    return run;
  };
  Object.defineProperty(font, "layout", { value: cached, configurable: true, writable: true });
}

/** A glyph run of its own: its glyph list and position objects copied, the rest shared. */
function copyRun<T extends GlyphRunLike>(run: T): T {
  const copy: T = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
  copy.glyphs = run.glyphs.slice();
  copy.positions = run.positions.map((p) =>
    Object.assign(Object.create(Object.getPrototypeOf(p)), p),
  );
  return copy;
}
