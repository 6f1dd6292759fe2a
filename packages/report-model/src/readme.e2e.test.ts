import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its validation example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("OFAC Wallet Screening Report");
    expect(r.stdout).toContain("headline_metrics[0].label");
  });

  it("runs its labels-and-values example as written, printing what its comments say", () => {
    const r = runReadmeExample(PACKAGE_DIR, 2);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "Address | SDN entry ID | Screening status | P(hit within 90 days)",
      "address | identifier | status | probability",
      "0x098B716B8Aaf21512996dC57EB0615e2383E2f96 | 27307 | Match | 48%",
      "[ 'Manual review required', '12.3×' ]",
      "address < 0.01% $0.25",
    ]);
  });

  it("runs its builders example as written", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});
