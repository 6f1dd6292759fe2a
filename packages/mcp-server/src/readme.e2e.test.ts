import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its first example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("12 tools\nmatch Lazarus Group\n");
  });
});
