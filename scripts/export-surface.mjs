#!/usr/bin/env node
// Measures the public surface of every workspace package: how many symbols its entry points
// export (every subpath of its package.json `exports`, read from the sources; `export *` and
// re-exports are followed by the TypeScript checker) and how many of those no other workspace
// package imports and the package's README does not mention. An export nobody imports and
// nobody is told about is surface to maintain for no one.
//
// Importers are the source files (src/) of the other workspaces, apps and packages. Test code
// (`*.test.*` files, `test-support/` folders, the @svc/test-support package) and tooling (each
// workspace's bench/, scripts/ and vitest config, the package's own included, and the root
// scripts/) are counted apart: an export that only they import is still "unused" in the first
// column, not in the second. A README documents a symbol when its code (fenced blocks and
// inline code) names it.
//
// Usage: node scripts/export-surface.mjs [--list]   (--list names the unused symbols)
//        node scripts/export-surface.mjs --json     (every exported name and who uses it)

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ts = createRequire(join(root, "package.json"))("typescript");
const list = process.argv.includes("--list");
const json = process.argv.includes("--json");

const workspaces = ["packages", "apps"].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, "package.json")),
    )
    .map((entry) => {
      const dir = join(root, group, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      return { dir, manifest, name: manifest.name, entries: entriesOf(dir, manifest.exports) };
    }),
);

/** The source file behind each subpath of an `exports` map (package.json itself left out). */
function entriesOf(dir, exports) {
  if (exports === undefined) return [];
  const map = typeof exports === "string" ? { ".": exports } : exports;
  return Object.entries(map).flatMap(([subpath, target]) => {
    if (subpath === "./package.json") return [];
    const file = sourceOf(dir, target);
    return file === undefined ? [] : [{ subpath, file }];
  });
}

function sourceOf(dir, target) {
  const candidates =
    typeof target === "string"
      ? [target]
      : [target.types, target.import, target.default].filter((t) => typeof t === "string");
  for (const candidate of candidates) {
    // Built entries (dist/x.js, dist/x.d.ts) are read from their sources (src/x.ts or .tsx).
    const built = /^\.\/dist\/(.*?)(\.d)?\.[cm]?js$|^\.\/dist\/(.*?)\.d\.[cm]?ts$/.exec(candidate);
    const stems = built ? [`src/${built[1] ?? built[3]}`] : [];
    for (const stem of stems) {
      for (const ext of [".ts", ".tsx", ".mts"]) {
        if (existsSync(join(dir, stem + ext))) return join(dir, stem + ext);
      }
    }
    if (!built && existsSync(join(dir, candidate))) return join(dir, candidate);
  }
  return undefined;
}

// One program over every entry: the checker lists each module's exports, `export *` included.
const program = ts.createProgram(
  workspaces.flatMap((w) => w.entries.map((e) => e.file)),
  {
    allowJs: true,
    checkJs: false,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  },
);
const checker = program.getTypeChecker();

/** The symbol an export finally names, so that a re-export and its original count once. */
function originOf(symbol) {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

for (const workspace of workspaces) {
  workspace.exported = new Map(); // origin symbol → { name, subpaths }
  workspace.bySubpath = new Map(); // subpath → Map(name → origin symbol)
  for (const { subpath, file } of workspace.entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const names = new Map();
    for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const origin = originOf(symbol);
      names.set(symbol.name, origin);
      const known = workspace.exported.get(origin);
      if (known) known.subpaths.push(subpath);
      else workspace.exported.set(origin, { name: symbol.name, subpaths: [subpath] });
    }
    workspace.bySubpath.set(subpath, names);
  }
}

// Every import of a workspace package by another workspace's sources.
const byName = new Map(workspaces.map((w) => [w.name, w]));
const usedBy = { src: new Set(), test: new Set() }; // origin symbols
const sourceFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function* filesUnder(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts")) yield path;
  }
}

function isTest(workspace, path) {
  const rel = relative(root, path);
  return (
    workspace === undefined ||
    workspace.name === "@svc/test-support" ||
    !relative(workspace.dir, path).startsWith("src/") ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(rel) ||
    rel.split("/").includes("test-support")
  );
}

function resolveSpecifier(importer, path, specifier) {
  const match = /^(@svc\/[^/]+)(\/.*)?$/.exec(specifier);
  let target = match && byName.get(match[1]);
  let subpath = match?.[2] ? `.${match[2]}` : ".";
  // A workspace's own benches and scripts reach its entries through dist/ (../dist/index.js).
  if (!target && importer !== undefined && specifier.startsWith(".")) {
    const built = relative(importer.dir, join(dirname(path), specifier));
    const entry = importer.entries.find(
      (e) =>
        relative(importer.dir, e.file)
          .replace(/^src\//, "dist/")
          .replace(/\.tsx?$/, ".js") === built,
    );
    if (entry) [target, subpath] = [importer, entry.subpath];
  }
  if (!target) return undefined;
  const names = target.bySubpath.get(subpath);
  return names && { target, names };
}

function markUsed(importer, path, specifier, imported) {
  const resolved = resolveSpecifier(importer, path, specifier);
  if (!resolved) return;
  // A package's own sources do not count as users of its entries; its benches and scripts do,
  // as tooling (they run against the built package, as a user would).
  if (resolved.target === importer && !isTest(importer, path)) return;
  const into = isTest(importer, path) ? usedBy.test : usedBy.src;
  if (imported === "*") for (const origin of resolved.names.values()) into.add(origin);
  else {
    const origin = resolved.names.get(imported);
    if (origin) into.add(origin);
  }
}

const importers = [
  ...workspaces.flatMap((w) =>
    [
      ...filesUnder(join(w.dir, "src")),
      ...filesUnder(join(w.dir, "bench")),
      ...filesUnder(join(w.dir, "scripts")),
      ...readdirSync(w.dir)
        .filter((name) => /^vitest\.config\./.test(name))
        .map((name) => join(w.dir, name)),
    ].map((path) => ({ importer: w, path })),
  ),
  ...[...filesUnder(join(root, "scripts"))].map((path) => ({ importer: undefined, path })),
];
for (const { importer, path } of importers) {
  {
    const text = readFileSync(path, "utf8");
    if (!text.includes("@svc/") && !text.includes("/dist/")) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const specifier = node.moduleSpecifier.text;
        const names = [];
        if (ts.isImportDeclaration(node)) {
          const clause = node.importClause;
          if (clause?.name) names.push("default");
          const bindings = clause?.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
          else if (bindings)
            for (const e of bindings.elements) names.push((e.propertyName ?? e.name).text);
        } else if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) names.push("*");
        else
          for (const e of node.exportClause.elements) names.push((e.propertyName ?? e.name).text);
        for (const name of names) markUsed(importer, path, specifier, name);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        // `const { a, b } = await import("@svc/x")` uses a and b; anything else uses it all.
        let parent = node.parent;
        if (parent && ts.isAwaitExpression(parent)) parent = parent.parent;
        const specifier = node.arguments[0].text;
        if (parent && ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
          for (const e of parent.name.elements) {
            const key = e.propertyName ?? e.name;
            if (ts.isIdentifier(key)) markUsed(importer, path, specifier, key.text);
          }
        } else markUsed(importer, path, specifier, "*");
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) {
          const qualifier = node.qualifier;
          const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : qualifier.left);
          markUsed(
            importer,
            path,
            literal.text,
            first && ts.isIdentifier(first) ? first.text : "*",
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
}

const rows = [];
let totals = [0, 0, 0, 0];
for (const workspace of workspaces) {
  const readmePath = join(workspace.dir, "README.md");
  const readme = existsSync(readmePath) ? readFileSync(readmePath, "utf8") : "";
  // Documented: named in the README's code (fenced blocks and `inline code`), not just a word of
  // its prose ("uniform" in a sentence does not document the sampler `uniform`).
  const code = [...readme.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)]
    .map((m) => m[1] ?? m[2])
    .join("\n");
  const mentioned = (name) =>
    new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(code);
  const exported = [...workspace.exported];
  workspace.names = exported.map(([origin, { name, subpaths }]) => ({
    name,
    subpaths,
    src: usedBy.src.has(origin),
    tests: usedBy.test.has(origin),
    readme: mentioned(name),
  }));
  const unusedBySrc = exported.filter(
    ([origin, { name }]) => !usedBy.src.has(origin) && !mentioned(name),
  );
  const unused = unusedBySrc.filter(([origin]) => !usedBy.test.has(origin));
  const counts = [workspace.entries.length, exported.length, unusedBySrc.length, unused.length];
  totals = totals.map((t, i) => t + counts[i]);
  rows.push([workspace.name, workspace.manifest.private ? "private" : "public", ...counts]);
  if (list && unusedBySrc.length > 0) {
    const onlyTests = unusedBySrc
      .filter(([origin]) => usedBy.test.has(origin))
      .map(([, e]) => e.name);
    workspace.listing = [
      `${workspace.name}: unused ${
        unused
          .map(([, e]) => e.name)
          .sort()
          .join(", ") || "—"
      }`,
      ...(onlyTests.length
        ? [`${workspace.name}: imported only by tests/tooling ${onlyTests.sort().join(", ")}`]
        : []),
    ];
  }
}

if (json) {
  const out = Object.fromEntries(workspaces.map((w) => [w.name, w.names]));
  console.log(JSON.stringify(out, null, 2));
  process.exit(0);
}

const header = ["package", "", "entries", "exported", "unused (src)", "unused (all)"];
const table = [header, ...rows, ["total", "", ...totals]].map((r) => r.map(String));
const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
for (const row of table) {
  console.log(
    row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "),
  );
}
console.log(
  "\nexported: distinct symbols exported by the entries of package.json `exports` (from src)." +
    "\nunused (src): imported by no other workspace's non-test sources and not named in the README's code." +
    "\nunused (all): of those, also imported by no other workspace's tests and no benches or scripts" +
    " (the package's own included).",
);
if (list) for (const w of workspaces) if (w.listing) console.log(`\n${w.listing.join("\n")}`);
