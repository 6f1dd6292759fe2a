import { createHash } from "node:crypto";
import { Font } from "@react-pdf/renderer";
import { fontFile } from "../fonts/font-files.js";
import type { MeasurableFont } from "../fonts/react-pdf-fonts.js";

/** DejaVu Sans Mono: the face addresses and hashes are set in (one advance, 0.602 em, for all). */
export const MONO_FAMILY = "DejaVu Sans Mono";
const MONO_PATH: string = fontFile("dejavu/DejaVuSansMono.ttf");

let loaded: MeasurableFont | null = null;

/**
 * The monospace face, registered with react-pdf once per process and loaded (react-pdf keeps the
 * parsed font): the very object tables draw addresses with. Its `name` table serializes to a
 * digest, as the base fonts' do (see `prepareForPdfkit`): pdfkit compares it on every font
 * switch, and a table switches between this face and the base one on every row.
 */
export async function loadMonoFont(): Promise<MeasurableFont> {
  if (loaded !== null) return loaded;
  if (!Font.getRegisteredFontFamilies().includes(MONO_FAMILY)) {
    Font.register({ family: MONO_FAMILY, src: MONO_PATH });
  }
  await Font.load({ fontFamily: MONO_FAMILY });
  const font = Font.getFont({ fontFamily: MONO_FAMILY }).data as MeasurableFont | null;
  if (font === null) throw new Error(`${MONO_FAMILY} did not load`);
  const records = (font as { _tables?: { name?: { records?: object } } })._tables?.name?.records;
  if (records !== undefined && !Object.hasOwn(records, "toJSON")) {
    const digest = createHash("sha256").update(JSON.stringify(records)).digest("hex");
    Object.defineProperty(records, "toJSON", { value: () => digest, enumerable: false });
  }
  loaded = font;
  return font;
}

/** Whether the monospace face draws every character of `text` (addresses are ASCII). */
export function monoCovers(font: MeasurableFont, text: string): boolean {
  for (const ch of text) {
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0) as number)) return false;
  }
  return true;
}

/** Width in points of `text` set in the monospace face at `size`. */
export function monoWidth(font: MeasurableFont, text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    em += font.glyphForCodePoint(ch.codePointAt(0) as number).advanceWidth / font.unitsPerEm;
  }
  return em * size;
}
