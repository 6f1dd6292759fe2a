#!/usr/bin/env node
// Type-checks the published declarations of every public package the way a consumer would:
// a project outside the repository, strict, `skipLibCheck: false`, no ambient `types`, importing
// every entry of each package's `exports` map. Run after `pnpm build` (the root `pnpm test` does).
//
// The packages are linked into the temporary project's node_modules/@svc; their own dependencies
// resolve from the packages' real paths in the workspace, as they would from an install.

import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();

const packages = readdirSync(join(root, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(root, "packages", entry.name))
  .flatMap((dir) => {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      return [];
    }
    if (manifest.private === true || manifest.exports === undefined) return [];
    const entries = Object.entries(manifest.exports)
      .filter(([, target]) => typeof target === "object" && target !== null && "types" in target)
      .map(([subpath]) =>
        subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      );
    return [{ name: manifest.name, dir, entries }];
  });

const require = createRequire(join(root, "package.json"));
const ts = require("typescript");
const options = {
  strict: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  skipLibCheck: false,
  types: [],
};
// The declaration files are parsed once and shared by the programs.
const host = ts.createCompilerHost(options);
const parsed = new Map();
const getSourceFile = host.getSourceFile;
host.getSourceFile = (file, language, ...rest) => {
  const key = `${file}\0${JSON.stringify(language)}`;
  if (!parsed.has(key)) parsed.set(key, getSourceFile.call(host, file, language, ...rest));
  return parsed.get(key);
};

/** One consumer program per package, so that what one package's declarations bring in (Node's
 * types, say) cannot hide what another's lack. */
const check = (pkg, workspace) => {
  const project = join(workspace, pkg.name.replace("/", "+"));
  for (const other of packages) {
    const link = join(project, "node_modules", other.name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(other.dir, link, "dir");
  }
  writeFileSync(join(project, "package.json"), '{ "private": true, "type": "module" }\n');
  const entry = join(project, "check.ts");
  writeFileSync(
    entry,
    pkg.entries.map((name, i) => `export * as entry${i} from "${name}";\n`).join(""),
  );
  const program = ts.createProgram({ rootNames: [entry], options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => root,
    getNewLine: () => "\n",
  });
  return { pkg, count: diagnostics.length, output: output.trim() };
};

console.log(
  `check-declarations: each public package as a consumer sees it (strict, skipLibCheck false, no ambient types):`,
);
for (const pkg of packages) console.log(`  ${pkg.entries.join(", ")}`);

const workspace = mkdtempSync(join(tmpdir(), "svc-declarations-"));
try {
  const results = packages.map((pkg) => check(pkg, workspace));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let total = 0;
  for (const { pkg, count, output } of results) {
    if (count === 0) continue;
    total += count;
    console.error(`\n${pkg.name}: ${count} error(s)\n${output}`);
  }
  if (total > 0) {
    console.error(
      `\ncheck-declarations: ${total} error(s) in the published declarations (${seconds} s)`,
    );
    process.exitCode = 1;
  } else {
    console.log(`check-declarations: no errors in ${packages.length} packages (${seconds} s)`);
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
