import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CheckFailure } from "./steps.mjs";

/** An empty project outside the workspace whose npmrc sends only the @svc scope to `url`. */
export function createConsumer(dir, npmrc) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  writeFileSync(join(dir, ".npmrc"), npmrc);
  return dir;
}

/** The warnings an install printed about engines (`EBADENGINE`), one a package. */
export function engineWarnings(output) {
  const warnings = [];
  const pattern = /EBADENGINE Unsupported engine \{\s*npm warn EBADENGINE\s+package: '([^']+)'/g;
  for (const m of output.matchAll(pattern)) warnings.push(m[1]);
  const count = (output.match(/EBADENGINE Unsupported engine/g) ?? []).length;
  while (warnings.length < count) warnings.push("(unparsed)");
  return warnings;
}

/** `npm install <names…>` in the consumer; fails on any engine warning. */
export async function installByName(clock, dir, names, env) {
  const r = await clock.runOk("npm", ["install", "--no-audit", "--no-fund", ...names], {
    cwd: dir,
    env,
    limitMs: 300_000,
  });
  const engines = engineWarnings(r.output);
  if (engines.length > 0) {
    throw new CheckFailure(
      `npm install ${names.join(" ")} warned about engines on Node ${process.version}: ${engines.join(", ")}`,
      r.output.trim(),
    );
  }
  const otherWarnings = r.output.split("\n").filter((l) => /^npm warn/i.test(l));
  return { output: r.output, otherWarnings };
}

/** The import specifiers of every typed entry of an installed package's `exports`. */
export function publicEntries(dir, name) {
  const manifest = JSON.parse(
    readFileSync(join(dir, "node_modules", name, "package.json"), "utf8"),
  );
  return Object.entries(manifest.exports ?? {})
    .filter(([, target]) => typeof target === "object" && target !== null && "types" in target)
    .map(([subpath]) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`));
}
