import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The ```ts blocks of a package's README, in order. */
export function readmeExamples(packageDir) {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/**
 * Runs the `n`-th ```ts block of a package's README as an ES module in `runDir`: by default the
 * package folder (where the package's own name resolves to its built `dist` through `exports`),
 * or a consumer's folder that installed the package.
 */
export function runReadmeExample(packageDir, n = 0, env = {}, runDir = packageDir) {
  const code = readmeExamples(packageDir)[n];
  if (code === undefined) throw new Error(`README of ${packageDir} has no ts block #${n}`);
  const file = join(runDir, `readme-example-${n}.test-run.mjs`);
  writeFileSync(file, code);
  try {
    const r = spawnSync(process.execPath, [file], {
      encoding: "utf8",
      env: { ...process.env, ...env },
      // An example that hangs fails instead of holding the run.
      timeout: 120_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, source: code };
  } finally {
    rmSync(file, { force: true });
  }
}
