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

  it("runs its Base Sepolia and x402 v1 example as written", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expect(r.source).toContain('startDevnet({ network: "eip155:84532" })');
    expect(r.source).toContain('from "@x402/evm/v1"');
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "84532 USDC",
      "true base-sepolia",
      "10000n",
      "v2 eip155:84532, v1 base-sepolia",
    ]);
    expect(r.code).toBe(0);
  });
});
