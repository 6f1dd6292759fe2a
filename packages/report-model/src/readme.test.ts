import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runReadmeExample } from "../../../scripts/test-support/readme-example.mjs";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its validation example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("OFAC Wallet Screening Report");
    expect(r.stdout).toContain("headline_metrics[0].label");
  });

  it("runs its builders example as written", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});
