#!/usr/bin/env node
// Part of the package's build: runs PGlite's initdb once, in memory, and writes the data
// directory it made to dist/pglite-template/ (a gzip tarball and a manifest naming the PGlite
// version), for every new embedded database to start from instead of running initdb itself
// (src/sql/pglite-template.ts). Made again whenever the package is built.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
// The same reading of the installed version as a start makes (tsc has built it just before).
import { installedPgliteVersion } from "../dist/sql/pglite-template.js";

const out = fileURLToPath(new URL("../dist/pglite-template/", import.meta.url));

const db = await PGlite.create();
const dump = await db.dumpDataDir("gzip");
await db.close();
const version = installedPgliteVersion();
if (version === undefined)
  throw new Error("@svc/ledger: @electric-sql/pglite's package.json not found");
const file = `pglite-${version}.tar.gz`;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, file), Buffer.from(await dump.arrayBuffer()));
writeFileSync(
  join(out, "manifest.json"),
  `${JSON.stringify({ pgliteVersion: version, file }, null, 2)}\n`,
);
