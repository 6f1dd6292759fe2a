import type { FontPlan } from "../fonts/font-plan.js";
import { loadPdfFonts, type MeasurableFont } from "../fonts/react-pdf-fonts.js";
import { loadMonoFont, monoWidth } from "./mono-font.js";
import { isWholeToken, monoSpan } from "./whole-tokens.js";

/**
 * Text measurement with the very font objects react-pdf lays text out with, so the PDF renderer
 * can break lines itself. Every string reaches the page already broken into lines that fit (one
 * `<Text>` per line, or drawn line by line in tables), which makes each block's height known
 * before layout: pages are filled by hand and never overflow, and nothing (a 95-character Monero
 * address, say) is ever clipped.
 */
export interface Measurer {
  /**
   * Width in points of a single line; with `monoValues`, the addresses and digests in it (see
   * `monoSpan`) measured in the monospace face they are set in (prose: `Lines.mono`).
   */
  width(text: string, size: number, bold?: boolean, monoValues?: boolean): number;
  /**
   * `text` broken into lines no wider than `maxWidth`: at spaces, else after `-_/,.:;|`, else
   * (one long token) between any two characters. A wallet address or a digest is never broken:
   * one wider than the line stands on a line of its own, wider than `maxWidth` (the caller sets
   * that line smaller). Never drops a character other than the spaces a line is broken at.
   */
  wrap(
    text: string,
    maxWidth: number,
    size: number,
    bold?: boolean,
    monoValues?: boolean,
  ): string[];
  /** The monospace face addresses and hashes are set in. */
  readonly mono: MeasurableFont;
  /** `text` in the monospace face, broken between characters only where it must be. */
  wrapMono(text: string, maxWidth: number, size: number): string[];
  /** Whether `text` needs more than the base font (a fallback family such as Noto Sans SC). */
  needsFallback(text: string, bold?: boolean): boolean;
  /**
   * `text` cut into runs of one font each, with the font react-pdf's text layout would pick for
   * every character (the first of the stack that has a glyph): for drawing text directly.
   */
  runs(text: string, bold?: boolean): { readonly font: MeasurableFont; readonly text: string }[];
}

/**
 * Measured widths are sums of glyph advances (no kerning, isolated Arabic forms), so lines are
 * filled to this share of the available width: the slack absorbs shaping differences and keeps
 * react-pdf from ever re-breaking a line we produced.
 */
export const FILL = 0.96;

export async function createMeasurer(plan: FontPlan): Promise<Measurer> {
  const stacks = { regular: await loadPdfFonts(plan, 400), bold: await loadPdfFonts(plan, 700) };
  return new FontMeasurer(stacks.regular, stacks.bold, await loadMonoFont());
}

class FontMeasurer implements Measurer {
  /** em advance per code point, per weight. */
  readonly #regular = new Map<number, number>();
  readonly #bold = new Map<number, number>();
  /** Index into the stack of the font that draws a code point (0: the base font), per weight. */
  readonly #fontRegular = new Map<number, number>();
  readonly #fontBold = new Map<number, number>();

  constructor(
    private readonly regularFonts: readonly MeasurableFont[],
    private readonly boldFonts: readonly MeasurableFont[],
    readonly mono: MeasurableFont,
  ) {}

  wrapMono(text: string, maxWidth: number, size: number): string[] {
    const per = monoWidth(this.mono, "0", size);
    const fit = Math.max(1, Math.floor((maxWidth * FILL) / per));
    const out: string[] = [];
    for (const line of text.split("\n")) {
      const chars = Array.from(line);
      // Pieces of even length, so no line holds one stray character.
      const pieces = Math.max(1, Math.ceil(chars.length / fit));
      const each = Math.ceil(chars.length / pieces);
      for (let i = 0; i < chars.length; i += each) out.push(chars.slice(i, i + each).join(""));
      if (chars.length === 0) out.push("");
    }
    return out;
  }

  #advance(cp: number, bold: boolean): number {
    const cache = bold ? this.#bold : this.#regular;
    let em = cache.get(cp);
    if (em === undefined) {
      em = 1;
      let index = 0;
      const fonts = bold ? this.boldFonts : this.regularFonts;
      for (let i = 0; i < fonts.length; i++) {
        const font = fonts[i] as MeasurableFont;
        if (font.hasGlyphForCodePoint(cp)) {
          em = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
          index = i;
          break;
        }
      }
      cache.set(cp, em);
      (bold ? this.#fontBold : this.#fontRegular).set(cp, index);
    }
    return em;
  }

  width(text: string, size: number, bold = false, monoValues = false): number {
    if (monoValues) return this.#proseEm(text, bold) * size;
    let em = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff) i++;
      em += this.#advance(cp, bold);
    }
    return em * size;
  }

  needsFallback(text: string, bold = false): boolean {
    const index = bold ? this.#fontBold : this.#fontRegular;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i) as number;
      if (cp > 0x7f) {
        if (cp > 0xffff) i++;
        this.#advance(cp, bold);
        if ((index.get(cp) as number) > 0) return true;
      }
    }
    return false;
  }

  runs(text: string, bold = false): { font: MeasurableFont; text: string }[] {
    const fonts = bold ? this.boldFonts : this.regularFonts;
    const index = bold ? this.#fontBold : this.#fontRegular;
    const out: { font: MeasurableFont; text: string }[] = [];
    let current = -1;
    let start = 0;
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i) as number;
      const len = cp > 0xffff ? 2 : 1;
      if (!index.has(cp)) this.#advance(cp, bold);
      const f = index.get(cp) as number;
      if (f !== current) {
        if (current >= 0)
          out.push({ font: fonts[current] as MeasurableFont, text: text.slice(start, i) });
        current = f;
        start = i;
      }
      i += len;
    }
    if (current >= 0) out.push({ font: fonts[current] as MeasurableFont, text: text.slice(start) });
    return out;
  }

  wrap(text: string, maxWidth: number, size: number, bold = false, monoValues = false): string[] {
    const limit = (maxWidth * FILL) / size; // in em
    const out: string[] = [];
    for (const paragraph of text.split("\n")) {
      this.#wrapParagraph(paragraph, limit, bold, out, monoValues);
    }
    return out;
  }

  /** A word's em width, its address or digest in the monospace face (see `monoSpan`). */
  #wordEm(word: string, bold: boolean): number {
    const span = monoSpan(word);
    if (span === null) return this.#em(word, bold);
    const [lead, core, trail] = span;
    const mono = monoWidth(this.mono, core, 1);
    return this.#em(lead, bold) + mono + this.#em(trail, bold);
  }

  /** A line's em width with its addresses and digests in the monospace face. */
  #proseEm(text: string, bold: boolean): number {
    let em = 0;
    const space = this.#advance(0x20, bold);
    const words = text.split(" ");
    for (const word of words) em += this.#wordEm(word, bold);
    return em + (words.length - 1) * space;
  }

  #wrapParagraph(
    paragraph: string,
    limit: number,
    bold: boolean,
    out: string[],
    monoValues: boolean,
  ): void {
    const em = (s: string) => (monoValues ? this.#wordEm(s, bold) : this.#em(s, bold));
    // Fast path: most table cells fit on one line.
    if ((monoValues ? this.#proseEm(paragraph, bold) : this.#em(paragraph, bold)) <= limit) {
      out.push(paragraph.trimEnd());
      return;
    }
    const space = this.#advance(0x20, bold);
    let line = "";
    let lineEm = 0;
    for (const word of paragraph.split(/ +/)) {
      if (word === "") continue;
      const wordEm = em(word);
      const sep = line === "" ? 0 : space;
      if (lineEm + sep + wordEm <= limit) {
        line = line === "" ? word : `${line} ${word}`;
        lineEm += sep + wordEm;
        continue;
      }
      if (line !== "") out.push(line);
      line = "";
      lineEm = 0;
      if (wordEm <= limit || isWholeToken(word)) {
        line = word;
        lineEm = wordEm;
        continue;
      }
      // A token wider than the line (an address): break it into pieces of even width, so
      // no line ends up holding one stray character; after punctuation when there is some.
      let rest = word;
      let restEm = wordEm;
      while (restEm > limit) {
        const cut = this.#cut(rest, restEm / Math.ceil(restEm / limit), bold);
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
        restEm = this.#em(rest, bold);
      }
      line = rest;
      lineEm = restEm;
    }
    if (line !== "" || out.length === 0) out.push(line);
  }

  /** How many UTF-16 units of `token` fit in `limit` em (at least one character). */
  #cut(token: string, limit: number, bold: boolean): number {
    let em = 0;
    let fit = 0;
    let soft = 0;
    for (let i = 0; i < token.length; ) {
      const cp = token.codePointAt(i) as number;
      const len = cp > 0xffff ? 2 : 1;
      em += this.#advance(cp, bold);
      if (em > limit) break;
      i += len;
      fit = i;
      if (SOFT_BREAK_AFTER.has(cp) && i < token.length) soft = i;
    }
    if (fit === 0) fit = (token.codePointAt(0) as number) > 0xffff ? 2 : 1;
    // Break after punctuation when that keeps at least 60 % of the line filled.
    return soft > 0 && soft >= fit * 0.6 ? soft : fit;
  }

  #em(text: string, bold: boolean): number {
    let em = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff) i++;
      em += this.#advance(cp, bold);
    }
    return em;
  }
}

const SOFT_BREAK_AFTER = new Set([..."-_/,.:;|)]"].map((c) => c.codePointAt(0) as number));
