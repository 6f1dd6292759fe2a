import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";

/**
 * The code points a font maps to a real glyph (glyph id ≠ 0), read from its `cmap` table.
 * Works on TrueType/OpenType (`sfnt`) and WOFF 1.0 files; parsed once per path and cached.
 *
 * fontsource's `unicode-range` lists are a superset of what a slice actually holds (Noto Sans
 * SC's slice `[21]` declares 138 code points and has glyphs for 21 of them), so coverage is
 * decided from the glyphs, not from the CSS ranges.
 */
export function fontCoverage(path: string): ReadonlySet<number> {
  let set = coverageCache.get(path);
  if (set === undefined) {
    set = parseCoverage(readFileSync(path), path);
    coverageCache.set(path, set);
  }
  return set;
}

const coverageCache = new Map<string, ReadonlySet<number>>();

function parseCoverage(file: Buffer, path: string): ReadonlySet<number> {
  const cmap = cmapTable(file, path);
  const count = cmap.readUInt16BE(2);
  // Preference: full-repertoire Unicode (format 12) over BMP-only (format 4).
  let best: { offset: number; rank: number } | null = null;
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || (format !== 4 && format !== 12)) continue;
    const rank = format === 12 ? 2 : 1;
    if (best === null || rank > best.rank) best = { offset, rank };
  }
  if (best === null) throw new Error(`${path}: no Unicode cmap subtable (format 4 or 12)`);
  return best.rank === 2 ? parseFormat12(cmap, best.offset) : parseFormat4(cmap, best.offset);
}

/** The raw `cmap` table of an sfnt or WOFF file. */
function cmapTable(file: Buffer, path: string): Buffer {
  const signature = file.toString("latin1", 0, 4);
  const woff = signature === "wOFF";
  if (signature === "wOF2") throw new Error(`${path}: WOFF2 is not supported, use the .woff file`);
  const numTables = file.readUInt16BE(woff ? 12 : 4);
  const dirStart = woff ? 44 : 12;
  const entrySize = woff ? 20 : 16;
  for (let i = 0; i < numTables; i++) {
    const entry = dirStart + i * entrySize;
    if (file.toString("latin1", entry, entry + 4) !== "cmap") continue;
    if (!woff) {
      const offset = file.readUInt32BE(entry + 8);
      const length = file.readUInt32BE(entry + 12);
      return file.subarray(offset, offset + length);
    }
    const offset = file.readUInt32BE(entry + 4);
    const compLength = file.readUInt32BE(entry + 8);
    const origLength = file.readUInt32BE(entry + 12);
    const data = file.subarray(offset, offset + compLength);
    return compLength < origLength ? inflateSync(data) : data;
  }
  throw new Error(`${path}: no cmap table`);
}

function parseFormat4(t: Buffer, at: number): Set<number> {
  const set = new Set<number>();
  const segX2 = t.readUInt16BE(at + 6);
  const ends = at + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  for (let s = 0; s < segX2; s += 2) {
    const end = t.readUInt16BE(ends + s);
    const start = t.readUInt16BE(starts + s);
    const delta = t.readInt16BE(deltas + s);
    const rangeOffset = t.readUInt16BE(rangeOffsets + s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = t.readUInt16BE(rangeOffsets + s + rangeOffset + (c - start) * 2);
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) set.add(c);
    }
  }
  return set;
}

function parseFormat12(t: Buffer, at: number): Set<number> {
  const set = new Set<number>();
  const groups = t.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const p = at + 16 + g * 12;
    const start = t.readUInt32BE(p);
    const end = t.readUInt32BE(p + 4);
    const glyph = t.readUInt32BE(p + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) set.add(c);
  }
  return set;
}
