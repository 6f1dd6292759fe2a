import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Runs the `n`-th ```ts block of a package's README as an ES module inside the package folder
 * (where the package's own name resolves to its built `dist` through `exports`).
 */
export function runReadmeExample(packageDir, n = 0, env = {}) {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  const code = blocks[n];
  if (code === undefined) throw new Error(`README of ${packageDir} has no ts block #${n}`);
  const file = join(packageDir, `readme-example-${n}.test-run.mjs`);
  writeFileSync(file, code);
  try {
    const r = spawnSync(process.execPath, [file], {
      encoding: "utf8",
      env: { ...process.env, ...env },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, source: code };
  } finally {
    rmSync(file, { force: true });
  }
}
