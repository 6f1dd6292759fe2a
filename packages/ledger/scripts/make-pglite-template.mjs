#!/usr/bin/env node
// Part of the package's build: runs PGlite's initdb once, in memory, and writes the data
// directory it made to dist/pglite-template/ (a gzip tarball and a manifest naming the PGlite
// version), for every new embedded database to start from instead of running initdb itself
// (src/sql/pglite-template.ts). Made again whenever the package is built.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const out = fileURLToPath(new URL("../dist/pglite-template/", import.meta.url));

/** The installed PGlite's version: its package.json, above its entry point. */
function pgliteVersion() {
  let dir = dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.name === "@electric-sql/pglite") return manifest.version;
    } catch {}
    if (dirname(dir) === dir) throw new Error("@electric-sql/pglite's package.json not found");
    dir = dirname(dir);
  }
}

const db = await PGlite.create();
const dump = await db.dumpDataDir("gzip");
await db.close();
const version = pgliteVersion();
const file = `pglite-${version}.tar.gz`;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, file), Buffer.from(await dump.arrayBuffer()));
writeFileSync(
  join(out, "manifest.json"),
  `${JSON.stringify({ pgliteVersion: version, file }, null, 2)}\n`,
);
