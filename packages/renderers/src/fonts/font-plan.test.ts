import { existsSync, readFileSync } from "node:fs";
import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { NON_LATIN_NAMES } from "../test-support/sample-reports.js";
import { fontCoverage } from "./cmap.js";
import {
  DEJAVU_SANS_BOLD_PATH,
  DEJAVU_SANS_PATH,
  parseUnicodeRange,
  subsetFaces,
} from "./font-files.js";
import {
  BASE_FAMILY,
  describeCodePoint,
  fontPlanFor,
  REPLACEMENT_CHARACTER,
  substituteUncovered,
} from "./font-plan.js";
import { loadPdfFonts, registerPdfFonts } from "./react-pdf-fonts.js";
import { woffToSfnt } from "./woff.js";

describe("font files", () => {
  it("resolves the DejaVu Sans TrueType files", () => {
    expect(DEJAVU_SANS_PATH).toMatch(/DejaVuSans\.ttf$/);
    expect(DEJAVU_SANS_BOLD_PATH).toMatch(/DejaVuSans-Bold\.ttf$/);
    expect(existsSync(DEJAVU_SANS_PATH)).toBe(true);
    expect(existsSync(DEJAVU_SANS_BOLD_PATH)).toBe(true);
  });

  it("reads the fontsource slices and their ranges from unicode.json", () => {
    const sc = subsetFaces("sc");
    const kr = subsetFaces("kr");
    expect(sc.length).toBeGreaterThan(90);
    expect(kr.length).toBeGreaterThan(90);
    expect(subsetFaces("sc")).toBe(sc); // parsed once
    const latin = sc.find((f) => f.subset === "latin");
    expect(latin?.family).toBe("Noto Sans SC latin");
    expect(latin?.ranges[0]).toEqual([0, 0xff]);
    expect(latin?.regular).toMatch(/noto-sans-sc-latin-400-normal\.woff$/);
    expect(latin?.bold).toMatch(/noto-sans-sc-latin-700-normal\.woff$/);
  });

  it("parses CSS unicode-range lists, wildcards included", () => {
    expect(parseUnicodeRange("U+0131, U+0000-00FF,U+4??")).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });

  it("reads glyph coverage from TrueType and WOFF cmaps", () => {
    const dejavu = fontCoverage(DEJAVU_SANS_PATH);
    for (const ch of "AzДжΩخ€") expect(dejavu.has(ch.codePointAt(0) as number)).toBe(true);
    expect(dejavu.has(0x989c)).toBe(false); // 颜
    const slice = subsetFaces("sc").find((f) => f.subset === "113");
    expect(fontCoverage(slice?.regular as string).has(0x989c)).toBe(true);
    // The CSS range of a slice is a superset of its glyphs: trust the cmap.
    const s21 = subsetFaces("sc").find((f) => f.subset === "21");
    const declared = (s21?.ranges ?? []).reduce((n, [a, b]) => n + b - a + 1, 0);
    expect(fontCoverage(s21?.regular as string).size).toBeLessThan(declared);
  });

  it("unpacks WOFF to an sfnt with the same glyph coverage", () => {
    const slice = subsetFaces("kr").find((f) => f.subset === "118");
    const sfnt = woffToSfnt(readFileSync(slice?.regular as string));
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    expect(() => woffToSfnt(readFileSync(DEJAVU_SANS_PATH))).toThrow(/not a WOFF/);
  });
});

describe("fontPlanFor", () => {
  it("uses DejaVu Sans alone for Latin, Cyrillic, Greek and Arabic", () => {
    const plan = fontPlanFor(["Hello", "Карасавиди Дмитрий", "Ωμέγα", "خطیبی عقدا احمد", "€ — …"]);
    expect(plan.fontFamily).toEqual([BASE_FAMILY]);
    expect(plan.files).toEqual([DEJAVU_SANS_PATH, DEJAVU_SANS_BOLD_PATH]);
    expect(plan.uncovered).toEqual([]);
  });

  it("adds only the Noto Sans SC / KR slices holding the text's Han and Hangul", () => {
    const plan = fontPlanFor(NON_LATIN_NAMES);
    const noto = plan.families.slice(1);
    expect(noto.length).toBeGreaterThan(0);
    expect(noto.length).toBeLessThanOrEqual(8);
    // Han from SC, Hangul from KR; SC before KR in the fallback order.
    const hangul = noto.filter((f) => f.family.startsWith("Noto Sans KR"));
    expect(hangul.length).toBeGreaterThan(0);
    expect(plan.fontFamily.indexOf(hangul[0]?.family as string)).toBeGreaterThan(
      plan.fontFamily.findIndex((f) => f.startsWith("Noto Sans SC")),
    );
    // Every planned slice really draws one of the characters, and every character is drawn.
    const chars = [...NON_LATIN_NAMES.join("")].map((c) => c.codePointAt(0) as number);
    for (const f of noto) {
      const cov = fontCoverage(f.regular);
      expect(chars.some((c) => cov.has(c))).toBe(true);
    }
    const all = [DEJAVU_SANS_PATH, ...noto.map((f) => f.regular)].map(fontCoverage);
    for (const c of chars) expect(all.some((cov) => cov.has(c))).toBe(true);
    expect(plan.uncovered).toEqual([]);
    // Both weights of each slice, as WOFF.
    expect(plan.files.filter((f) => f.endsWith(".woff"))).toHaveLength(noto.length * 2);
  });

  it("reports characters no font covers, and substitutes U+FFFD for them", () => {
    const plan = fontPlanFor(["unicorn 🦄 and 🦄", "x\u2062y"]);
    expect(plan.uncovered).toEqual([0x1f984]);
    expect(describeCodePoint(0x1f984)).toBe('U+1F984 "🦄"');
    expect(substituteUncovered("a 🦄 b", plan)).toBe(`a ${REPLACEMENT_CHARACTER} b`);
    const covered = fontPlanFor(["abc"]);
    expect(substituteUncovered("abc", covered)).toBe("abc");
  });
});

describe("registerPdfFonts", () => {
  it("registers each family once and loads the fonts react-pdf will use", async () => {
    const plan = fontPlanFor(["颜 晓兵", "Карасавиди"]);
    const stack = registerPdfFonts(plan);
    registerPdfFonts(plan); // idempotent
    expect(stack).toEqual(plan.fontFamily);
    const registered = Font.getRegisteredFonts();
    for (const family of stack) expect(registered[family]?.sources).toHaveLength(2);
    const fonts = await loadPdfFonts(plan, 400);
    expect(fonts).toHaveLength(stack.length);
    expect(fonts[0]?.hasGlyphForCodePoint(0x414)).toBe(true); // Д in DejaVu
    expect(fonts.slice(1).some((f) => f.hasGlyphForCodePoint(0x989c))).toBe(true); // 颜
    // Each slice gets a PostScript name of its own (see prepareForPdfkit).
    const names = fonts.map((f) => (f as unknown as { postscriptName: string }).postscriptName);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps each text's layout and hands out copies that a caller may rescale in place", async () => {
    const [dejavu] = await loadPdfFonts(fontPlanFor(["Lazarus Group"]), 400);
    type Run = { glyphs: { id: number }[]; positions: { xAdvance: number }[] };
    type Features = string[] | Record<string, boolean>;
    const font = dejavu as unknown as { layout(text: string, features?: Features): Run };
    const first = font.layout("Lazarus Group AV", ["kern"]);
    const widths = first.positions.map((p) => p.xAdvance);
    // pdfkit scales the positions of the run it is given, in place.
    for (const p of first.positions) p.xAdvance *= 2;
    const second = font.layout("Lazarus Group AV", ["kern"]);
    expect(second).not.toBe(first);
    expect(second.glyphs).not.toBe(first.glyphs);
    expect(second.glyphs.map((g) => g.id)).toEqual(first.glyphs.map((g) => g.id));
    expect(second.positions.map((p) => p.xAdvance)).toEqual(widths);
    // Other options are another layout: without kerning, "AV" is wider.
    const unkerned = font.layout("Lazarus Group AV", { kern: false });
    const sum = (r: Run) => r.positions.reduce((n, p) => n + p.xAdvance, 0);
    expect(sum(unkerned)).toBeGreaterThan(sum(second));
  });
});
