import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Poppler read-backs shared by the PDF renderer's tests: what a reviewer's tools see.

export function run(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** A scratch directory, removed by the returned function. */
export function scratch(prefix: string): {
  dir: string;
  save: (name: string, bytes: Uint8Array) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    save: (name, bytes) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Word {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Words on a page with their boxes in points (`pdftotext -bbox`). */
export function wordBoxes(path: string, page: number): Word[] {
  const html = run("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), path, "-"]);
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: (m[5] as string).replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
  }));
}

/** The page that prints `word` first (1-based), or 0. */
export function pageOf(path: string, word: string): number {
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(run("pdfinfo", [path]))?.[1]);
  for (let p = 1; p <= pages; p++) {
    if (wordBoxes(path, p).some((w) => w.text === word)) return p;
  }
  return 0;
}

/**
 * A page printed in greyscale (`pdftoppm -gray`, as a greyscale printer would) at `dpi`, read as
 * grey levels (0 black … 255 white) at points of the page.
 */
export function greyPage(path: string, page: number, dpi = 144): (x: number, y: number) => number {
  const dir = mkdtempSync(join(tmpdir(), "grey-"));
  try {
    const out = join(dir, "page");
    run("pdftoppm", [
      "-gray",
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      path,
      out,
    ]);
    const pgm = readFileSync(`${out}.pgm`);
    // P5 header: "P5\n<width> <height>\n<max>\n", then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString("latin1"));
    if (header === null) throw new Error("not a PGM");
    const width = Number(header[1]);
    const offset = (header[0] as string).length;
    const scale = dpi / 72;
    return (x, y) => pgm[offset + Math.round(y * scale) * width + Math.round(x * scale)] as number;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
