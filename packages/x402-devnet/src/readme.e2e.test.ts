import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its first example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.source).toContain('from "@svc/x402-devnet"');
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "true",
      "true eip155:8453",
      "10000n",
      "invalid_exact_evm_nonce_already_used",
    ]);
    expect(r.code).toBe(0);
  });
});
