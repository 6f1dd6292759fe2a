import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readmeExamples, runReadmeExample } from "@svc/test-support/readme-example";
import { CheckFailure } from "./steps.mjs";

/**
 * The ```ts blocks of the installed packages' READMEs: each is run verbatim, or is a fragment
 * that uses values the reader already has (and says which). A README with a block this table
 * does not know fails the check, so a new example cannot go unrun.
 */
export const README_EXAMPLES = {
  "@svc/ofac-index": [
    { run: true, env: { SDN_XML: "" } },
    { fragment: "`bytesOrStream`: bytes the reader has" },
    { fragment: "`older`, `newer`, `e1`…`e3`, `index`: editions the reader loaded" },
    { fragment: "a server's loader: `address` and `/var/lib/svc/snapshots` are the reader's" },
  ],
  "@svc/report-model": [{ run: true }, { run: true }, { run: true }],
  "@svc/renderers": [
    // The documents' sizes vary from run to run (creation times); the rest must match.
    { run: true, mask: [/\.(pdf|docx|xlsx) \d+ /g, ".$1 <bytes> "] },
    { fragment: "`report`: a parsed report, as in the example above" },
  ],
  "@svc/montecarlo": [{ run: true }, { run: true }, { run: true }],
  "@svc/mcp-server": [{ run: true }],
  "@svc/attestations": [
    { run: true },
    { fragment: "`attestation`: the JWS the reader was given; the service's URL is an example" },
  ],
};

/** The packages a README's install line adds (`pnpm add …`, `npm install …`). */
function installLinePackages(readme) {
  const names = new Set();
  for (const m of readme.matchAll(/^(?:pnpm add|npm install|npm i)\s+([^#\n]*)/gm)) {
    for (const word of m[1].trim().split(/\s+/)) if (!word.startsWith("-")) names.add(word);
  }
  return names;
}

/**
 * What the install lines of these installed packages' READMEs add besides the service's own
 * packages (an MCP client, say): a reader installs them too before running the examples.
 */
export function installLineExtras(consumer, names) {
  const extras = new Set();
  for (const name of names) {
    const readme = readFileSync(join(consumer, "node_modules", name, "README.md"), "utf8");
    for (const added of installLinePackages(readme)) {
      if (!added.startsWith("@svc/")) extras.add(added);
    }
  }
  return [...extras].sort();
}

/** The packages an example imports (by name, without subpath; `node:` modules left out). */
function importedPackages(code) {
  const names = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+)"/g)) {
    const specifier = m[1];
    if (specifier.startsWith("node:") || specifier.startsWith(".")) continue;
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
  return names;
}

/**
 * Runs each example of the installed package's README (the published text) in the consumer's
 * folder, outside the workspace, and compares it with the same example run in the workspace
 * against the built package: exit 0, nothing on stderr, the same output. An example may import
 * only its package and what the README's install line adds.
 */
export function runInstalledExamples(root, consumer, names, env) {
  const problems = [];
  const lines = [];
  for (const name of names) {
    const examples = README_EXAMPLES[name] ?? [];
    const installed = join(consumer, "node_modules", name);
    const workspace = join(root, "packages", name.slice("@svc/".length));
    const blocks = readmeExamples(installed);
    const installs = installLinePackages(readFileSync(join(installed, "README.md"), "utf8"));
    if (blocks.length !== examples.length) {
      problems.push(
        `${name}: its README has ${blocks.length} ts examples, the check knows ${examples.length}`,
      );
      continue;
    }
    examples.forEach((example, n) => {
      if (!example.run) return;
      const start = performance.now();
      const outside = runReadmeExample(installed, n, { ...env, ...example.env }, consumer);
      const inside = runReadmeExample(workspace, n, { ...env, ...example.env });
      const [pattern, replacement] = example.mask ?? [/$^/g, ""];
      const shown = (r) => r.stdout.replace(pattern, replacement);
      const where = `${name} README example ${n + 1}`;
      // A reader installs what the README's install line says, and nothing more.
      const missing = [...importedPackages(blocks[n])].filter(
        (imported) => imported !== name && !installs.has(imported),
      );
      if (missing.length > 0) {
        problems.push(
          `${where} imports ${missing.join(", ")}, which its install line does not add`,
        );
        return;
      }
      if (outside.code !== 0 || outside.stderr !== "") {
        problems.push(
          `${where} failed outside the workspace (exit ${outside.code}):\n${outside.stderr}`,
        );
      } else if (inside.code !== 0 || inside.stderr !== "") {
        problems.push(`${where} failed in the workspace (exit ${inside.code}):\n${inside.stderr}`);
      } else if (shown(outside) !== shown(inside)) {
        problems.push(
          `${where} printed something else outside the workspace:\n--- workspace\n${inside.stdout}--- installed\n${outside.stdout}`,
        );
      } else {
        const ms = (performance.now() - start).toFixed(0);
        const printed = outside.stdout.split("\n").filter(Boolean).length;
        lines.push(`${where}: ${printed} line(s), as in the workspace (${ms} ms for both)`);
      }
    });
  }
  if (problems.length > 0) {
    throw new CheckFailure(
      `${problems.length} README example(s) did not run verbatim`,
      problems.join("\n"),
    );
  }
  return lines;
}
