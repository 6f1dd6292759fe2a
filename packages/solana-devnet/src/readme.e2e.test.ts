import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its payment example as written, against the built package", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.source).toContain('from "@svc/solana-devnet"');
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "true",
      "true solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      "10000n",
      "duplicate_settlement",
      "true true",
      "10000n",
    ]);
    expect(r.code).toBe(0);
  });

  it("runs its resource-server example as written", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expect(r.source).toContain("new x402ResourceServer(devnet.facilitator)");
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual(["true 10000", "true"]);
    expect(r.code).toBe(0);
  });

  it("runs its other-process example as written: a payer rebuilt from its secret key pays the named payee on Solana devnet", () => {
    const r = runReadmeExample(PACKAGE_DIR, 2);
    expect(r.source).toContain(
      "createKeyPairSignerFromBytes(getBase58Encoder().encode(secretKey))",
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "v2 solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1, v1 solana-devnet",
      "true",
      "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
      "true solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
      "10000n",
    ]);
    expect(r.code).toBe(0);
  });

  it("runs its payee-without-token-account example as written", () => {
    const r = runReadmeExample(PACKAGE_DIR, 3);
    expect(r.source).toContain("createPayeeAccount: false");
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual(["null", "null"]);
    expect(r.code).toBe(0);
  });
});
