import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its first example as written, against the built package", () => {
    const readme = readFileSync(`${PACKAGE_DIR}README.md`, "utf8");
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain("@svc/ofac-index/node");
    // Inside the package folder, `@svc/ofac-index` resolves to itself through `exports`.
    const file = `${PACKAGE_DIR}readme-example.test-run.mjs`;
    writeFileSync(file, example as string);
    try {
      const r = spawnSync(process.execPath, [file], {
        encoding: "utf8",
        env: { ...process.env, SDN_XML: "" },
      });
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain("Lazarus Group [ 'DPRK3' ]");
      expect(r.stdout).toContain("manual_review_required");
    } finally {
      rmSync(file, { force: true });
    }
  });
});
