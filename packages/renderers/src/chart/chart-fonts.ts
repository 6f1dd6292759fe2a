import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import { DEJAVU_SANS_BOLD_PATH, DEJAVU_SANS_PATH } from "../fonts/font-files.js";
import { fontPlanFor } from "../fonts/font-plan.js";
import { woffToSfnt } from "../fonts/woff.js";
import type { ChartScene } from "./scene.js";
import { CHART_FONT_FAMILY } from "./scene-to-svg.js";

/**
 * Fonts for resvg. DejaVu Sans (regular + bold) always; for Han and Hangul, which DejaVu lacks,
 * the fontsource Noto Sans SC/KR slices that hold the chart's characters. resvg falls back per
 * character to any loaded face that has the glyph.
 *
 * resvg-js 2.6.2 takes font *files* only, and its font database (ttf-parser) cannot read WOFF,
 * so each needed WOFF slice is unpacked once to a plain TrueType file in a cache directory.
 */

export type ChartFontOptions = NonNullable<ResvgRenderOptions["font"]>;

const BASE_FILES: readonly string[] = Object.freeze([DEJAVU_SANS_PATH, DEJAVU_SANS_BOLD_PATH]);

function fontOptions(files: readonly string[]): ChartFontOptions {
  return Object.freeze({
    loadSystemFonts: false,
    fontFiles: [...files],
    defaultFontFamily: CHART_FONT_FAMILY,
    sansSerifFamily: CHART_FONT_FAMILY,
    defaultFontSize: 11,
  });
}

const optionsCache = new Map<string, ChartFontOptions>();

/** resvg font options for a set of font files, built once per set. */
function cachedOptions(files: readonly string[]): ChartFontOptions {
  const key = files.join("\n");
  let options = optionsCache.get(key);
  if (options === undefined) {
    options = fontOptions(files);
    optionsCache.set(key, options);
  }
  return options;
}

/** The options for DejaVu Sans only: enough for Latin, Greek, Cyrillic and Arabic text. */
function baseChartFontOptions(): ChartFontOptions {
  return cachedOptions(BASE_FILES);
}

const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** The font options a scene's text needs (DejaVu Sans, plus Noto slices for Han/Hangul). */
export function chartFontOptionsFor(scene: ChartScene): ChartFontOptions {
  const texts: string[] = [];
  for (const p of scene.primitives) {
    if (p.kind === "text" && !ASCII_ONLY.test(p.text)) texts.push(p.text);
  }
  if (texts.length === 0) return baseChartFontOptions();
  let extra: string[];
  try {
    const plan = fontPlanFor(texts);
    extra = plan.families
      .slice(1)
      .flatMap((f) => (f.bold === null ? [f.regular] : [f.regular, f.bold]))
      .filter((f) => !BASE_FILES.includes(f))
      .map(sfntFileFor);
  } catch {
    // Without the extra faces the characters draw as missing glyphs; the chart still renders.
    extra = [];
  }
  return extra.length === 0 ? baseChartFontOptions() : cachedOptions([...BASE_FILES, ...extra]);
}

// ---------------------------------------------------------------------------------------------
// WOFF 1.0 → sfnt

const sfntCache = new Map<string, string>();
let cacheDir: string | undefined;

function fontCacheDir(): string {
  if (cacheDir === undefined) {
    cacheDir = join(tmpdir(), "svc-renderers-chart-fonts");
    mkdirSync(cacheDir, { recursive: true });
  }
  return cacheDir;
}

/** A TrueType/OpenType path for `path`: itself, or its WOFF unpacked into the cache directory. */
function sfntFileFor(path: string): string {
  if (!path.endsWith(".woff")) return path;
  let out = sfntCache.get(path);
  if (out === undefined) {
    const source = readFileSync(path);
    const sfnt = woffToSfnt(source);
    const target = join(fontCacheDir(), `${basename(path, ".woff")}-${source.length}.ttf`);
    let present = false;
    try {
      // Compare the bytes, not just the size: the cache lives in a shared directory.
      present = statSync(target).size === sfnt.length && readFileSync(target).equals(sfnt);
    } catch {
      present = false;
    }
    if (!present) {
      // Write-then-rename, so a concurrent worker never reads a half-written file.
      const temp = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      writeFileSync(temp, sfnt);
      renameSync(temp, target);
    }
    out = target;
    sfntCache.set(path, out);
  }
  return out;
}
