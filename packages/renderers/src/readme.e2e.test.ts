import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its rendering example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    for (const ext of ["pdf", "docx", "xlsx"]) {
      expect(r.stdout).toMatch(
        new RegExp(`ofac-wallet-screening-report-2026-11-22\\.${ext} \\d+ false`),
      );
    }
  });
});
