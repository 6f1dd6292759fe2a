import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The font files the build copies (scripts/copy-fonts.mjs) from the font packages, which are only
 * devDependencies: a production install carries the two weights and three faces read here, not
 * every weight the packages ship. `../../dist/font-files/` is the same folder from `src/fonts/`
 * (vitest) and `dist/fonts/`.
 */
const FONT_FILES = fileURLToPath(new URL("../../dist/font-files/", import.meta.url));

/** A copied font file's path; a clear error if the build has not copied them. */
export function fontFile(relative: string): string {
  const path = `${FONT_FILES}${relative}`;
  if (!existsSync(path)) {
    throw new Error(`missing font file ${path}: run \`pnpm --filter @svc/renderers build\``);
  }
  return path;
}

/** DejaVu Sans 2.37: Latin, Greek, Cyrillic, Arabic, symbols. The base family everywhere. */
export const DEJAVU_SANS_PATH: string = fontFile("dejavu/DejaVuSans.ttf");
export const DEJAVU_SANS_BOLD_PATH: string = fontFile("dejavu/DejaVuSans-Bold.ttf");

/** The two fontsource packages that cover what DejaVu does not: Han and Hangul. */
export type NotoPackage = "sc" | "kr";

const PACKAGES: Readonly<Record<NotoPackage, { readonly id: string; readonly family: string }>> = {
  sc: { id: "noto-sans-sc", family: "Noto Sans SC" },
  kr: { id: "noto-sans-kr", family: "Noto Sans KR" },
};

/** One fontsource unicode-range slice (one WOFF file per weight). */
export interface SubsetFace {
  readonly pkg: NotoPackage;
  /** The slice key: `113` for `[113]`, or a named one such as `cyrillic`. */
  readonly subset: string;
  /** The react-pdf family name registered for this slice, e.g. `Noto Sans SC 113`. */
  readonly family: string;
  /** Sorted, inclusive code-point ranges from `unicode.json` (a superset of the glyphs). */
  readonly ranges: readonly (readonly [number, number])[];
  readonly regular: string;
  readonly bold: string;
}

const faceCache = new Map<NotoPackage, readonly SubsetFace[]>();

/** Every slice of a package, from its `unicode.json`; parsed once. File paths are lazy. */
export function subsetFaces(pkg: NotoPackage): readonly SubsetFace[] {
  let faces = faceCache.get(pkg);
  if (faces === undefined) {
    const { id, family } = PACKAGES[pkg];
    const unicode = JSON.parse(readFileSync(fontFile(`${id}/unicode.json`), "utf8")) as Record<
      string,
      string
    >;
    faces = Object.entries(unicode).map(([key, ranges]) => {
      const subset = key.replace(/^\[|\]$/g, "");
      const file = (weight: number) => `${id}/files/${id}-${subset}-${weight}-normal.woff`;
      let regular: string | undefined;
      let bold: string | undefined;
      return {
        pkg,
        subset,
        family: `${family} ${subset}`,
        ranges: parseUnicodeRange(ranges),
        // WOFF, not WOFF2: fontkit reads both, but WOFF is plain zlib (faster to open) and
        // our own cmap reader handles it too.
        get regular() {
          regular ??= fontFile(file(400));
          return regular;
        },
        get bold() {
          bold ??= fontFile(file(700));
          return bold;
        },
      };
    });
    faceCache.set(pkg, faces);
  }
  return faces;
}

/** `U+0000-00FF,U+0131` → `[[0, 255], [305, 305]]`, sorted. */
export function parseUnicodeRange(css: string): (readonly [number, number])[] {
  const out: [number, number][] = [];
  for (const part of css.split(",")) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (m === null) continue;
    const a = m[1] as string;
    if (a.includes("?")) {
      out.push([
        Number.parseInt(a.replace(/\?/g, "0"), 16),
        Number.parseInt(a.replace(/\?/g, "f"), 16),
      ]);
    } else {
      const start = Number.parseInt(a, 16);
      out.push([start, m[2] === undefined ? start : Number.parseInt(m[2], 16)]);
    }
  }
  return out.sort((x, y) => x[0] - y[0]);
}

export function rangesContain(ranges: readonly (readonly [number, number])[], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid] as readonly [number, number];
    if (cp < r[0]) hi = mid - 1;
    else if (cp > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}
