import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its first example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0, { SDN_XML: "" });
    expect(r.source).toContain("@svc/ofac-index/node");
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("Lazarus Group [ 'DPRK3' ]");
    expect(r.stdout).toContain("manual_review_required");
    expect(r.stdout).toContain("clear Lazarus Group");
    expect(r.stdout).toContain("INVALID_ADDRESS");
  });
});
