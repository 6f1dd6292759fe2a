import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A new embedded database starts from a template: the data directory PGlite's initdb makes,
 * dumped once when the package is built (`scripts/make-pglite-template.mjs`) by the PGlite
 * version installed beside it. Loading it takes about a second of CPU; running initdb at every
 * first start took 4 to 6 seconds and left hundreds of megabytes behind.
 */
const TEMPLATE = new URL("../pglite-template/", import.meta.url);

/**
 * Where the build wrote the template: beside this module's directory in `dist`; from the
 * sources (the package's own tests), in the package's `dist`.
 */
const TEMPLATE_DIRS = [TEMPLATE, new URL("../../dist/pglite-template/", import.meta.url)];

/** What the build recorded beside the template: the PGlite version that made it. */
interface TemplateManifest {
  readonly pgliteVersion: string;
  readonly file: string;
}

/**
 * The version of the PGlite this process loads (its package.json, above its entry point): what
 * the build records beside the template, and what a start compares it with.
 */
export function installedPgliteVersion(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === "@electric-sql/pglite") return manifest.version;
    } catch {
      // No package.json here: go up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The template in `dir` as PGlite's `loadDataDir` takes it, or `undefined` (the database then
 * runs initdb as before) when there is none or another PGlite version made it: a data directory
 * of another version may not start.
 */
export async function loadTemplate(dir: URL): Promise<Blob | undefined> {
  try {
    const manifest = JSON.parse(
      await readFile(new URL("manifest.json", dir), "utf8"),
    ) as TemplateManifest;
    if (manifest.pgliteVersion !== installedPgliteVersion()) return undefined;
    return new Blob([await readFile(new URL(manifest.file, dir))]);
  } catch {
    return undefined;
  }
}

let cached: Promise<Blob | undefined> | undefined;

/** The build's template (`loadTemplate`), read once per process. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  cached ??= (async () => {
    for (const dir of TEMPLATE_DIRS) {
      const template = await loadTemplate(dir);
      if (template !== undefined) return template;
    }
    return undefined;
  })();
  return cached;
}
