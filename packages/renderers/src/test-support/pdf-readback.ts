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

/** A run of text as poppler's `pdftohtml -xml` reads it: its text and the font it is set in. */
export interface FontRun {
  readonly page: number;
  readonly text: string;
  /** The font's name without its subset tag: "DejaVuSansMono", "DejaVuSans-Bold"… */
  readonly font: string;
}

/** Every run of text of a PDF with its font (`pdftohtml -xml`: one run per font change). */
export function fontRuns(path: string): FontRun[] {
  const xml = run("pdftohtml", ["-xml", "-i", "-stdout", "-q", path]);
  const fonts = new Map<string, string>();
  for (const m of xml.matchAll(/<fontspec id="(\d+)"[^>]*family="([^"]+)"/g)) {
    fonts.set(m[1] as string, (m[2] as string).replace(/^[A-Z]{6}\+/, ""));
  }
  const runs: FontRun[] = [];
  let page = 0;
  for (const line of xml.split("\n")) {
    const p = /<page number="(\d+)"/.exec(line);
    if (p !== null) page = Number(p[1]);
    const t = /<text [^>]*font="(\d+)"[^>]*>(.*)<\/text>/.exec(line);
    if (t === null) continue;
    const text = (t[2] as string)
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
    runs.push({ page, text, font: fonts.get(t[1] as string) ?? "?" });
  }
  return runs;
}

/** One element of a PDF's structure tree, with the text of its marked content. */
export interface StructNode {
  readonly type: string;
  readonly children: StructNode[];
  text: string;
}

/**
 * The structure tree as poppler's `pdfinfo -struct-text` reads it: one element a line, indented
 * two spaces a level ("H2 (block)", "TH:" followed by its attributes), its content's text
 * quoted on the line below it.
 */
export function structTree(path: string): StructNode {
  const root: StructNode = { type: "(root)", children: [], text: "" };
  const stack: { node: StructNode; depth: number }[] = [{ node: root, depth: -1 }];
  for (const line of run("pdfinfo", ["-struct-text", path]).split("\n")) {
    if (line.trim() === "") continue;
    const depth = (line.length - line.trimStart().length) / 2;
    const body = line.trim();
    while ((stack.at(-1) as { depth: number }).depth >= depth) stack.pop();
    const parent = (stack.at(-1) as { node: StructNode }).node;
    if (body.startsWith('"')) {
      parent.text += body.slice(1, -1);
      continue;
    }
    if (body.startsWith("/")) continue; // an attribute of the element above
    const node: StructNode = { type: body.split(/[\s:]/)[0] as string, children: [], text: "" };
    parent.children.push(node);
    stack.push({ node, depth });
  }
  return root;
}

export function* walkStruct(node: StructNode): Iterable<StructNode> {
  yield node;
  for (const child of node.children) yield* walkStruct(child);
}

/** An element's text with its descendants'. */
export const structText = (node: StructNode): string =>
  node.text + node.children.map((c) => structText(c)).join("");
