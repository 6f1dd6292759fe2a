// Prunes a production install (`pnpm --filter @svc/http deploy --prod --legacy <dir>`) of what
// Node never loads: source maps, type declarations and TypeScript sources, in the service's own
// folder and in every installed package (viem, ox and the @solana packages ship their sources
// beside their builds), and the packages' Markdown documentation (READMEs, changelogs) but for
// their licenses and notices; and the test suites and examples some packages publish (a folder
// named test, tests, __tests__, example or examples right inside a package's own folder, beside
// its package.json: what the package's own entry points never load). About 160 MiB of the
// install's 280. Symlinks are not followed (pnpm links
// each package once under node_modules/.pnpm) and files are unlinked, never rewritten, so a
// hard-linked store is untouched; folders left empty go too.
//
// Usage: node apps/http/scripts/prune-production-install.mjs <dir>
import { lstatSync, readdirSync, rmdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/** `.js.map`, `.d.ts`, `.d.mts`, `.d.cts`, `.ts`, `.mts`, `.cts`, `.tsx`: none is run by Node. */
const PRUNED = /\.(?:map|[mc]?ts|tsx|md|markdown)$/i;
/** What a package's terms require to travel with it: kept whatever its extension. */
const KEPT = /^(?:licen[cs]e|notice|copying|authors|patents)/i;

const root = process.argv[2];
if (root === undefined || !lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) {
  console.error("usage: node prune-production-install.mjs <dir of a pnpm deploy>");
  process.exit(2);
}

/** A package's own test suites and examples (never loaded by its entry points). */
const PRUNED_FOLDERS = new Set(["test", "tests", "__tests__", "example", "examples"]);

let files = 0;
let bytes = 0;

/** Removes a folder and everything in it, counting its files (symlinks are unlinked, not followed). */
function remove(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) remove(path);
    else {
      bytes += lstatSync(path).size;
      unlinkSync(path);
      files += 1;
    }
  }
  rmdirSync(dir);
}

/** Prunes `dir`; true when it held something and holds nothing now (then it goes too). */
function prune(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  const isPackage = entries.some((e) => e.isFile() && e.name === "package.json");
  let left = entries.length;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (
      entry.isDirectory() &&
      isPackage &&
      dir.includes("node_modules") &&
      PRUNED_FOLDERS.has(entry.name)
    ) {
      remove(path);
      left -= 1;
    } else if (entry.isDirectory()) {
      if (prune(path)) {
        rmdirSync(path);
        left -= 1;
      }
    } else if (entry.isFile() && PRUNED.test(entry.name) && !KEPT.test(entry.name)) {
      bytes += lstatSync(path).size;
      unlinkSync(path);
      files += 1;
      left -= 1;
    }
  }
  return entries.length > 0 && left === 0;
}

prune(root);
console.info(`pruned ${files} files, ${(bytes / 2 ** 20).toFixed(1)} MiB, from ${root}`);
