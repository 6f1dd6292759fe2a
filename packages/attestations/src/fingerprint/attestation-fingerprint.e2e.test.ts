import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { attestationClaims } from "../claims/attestation-claims.js";
import { signAttestation } from "../jws/sign-attestation.js";
import { generateSigningKey } from "../keys/signing-key.js";
import { REAL_BATCH_ANSWER, TX_HASH } from "../test-support/real-answer.js";
import { attestationFingerprint, groupedFingerprint } from "./attestation-fingerprint.js";

describe("attestationFingerprint", () => {
  it("is the SHA-256 of the JWS as sha256sum computes it, in lower-case hex", async () => {
    const claims = attestationClaims({
      baseUrl: "https://screening.example.com",
      screening: REAL_BATCH_ANSWER,
      payment: { transactionHash: TX_HASH },
    });
    const jws = await signAttestation(claims, await generateSigningKey());
    const fingerprint = attestationFingerprint(jws);
    const sha256sum = execFileSync("sha256sum", { input: jws }).toString().split(" ")[0];
    expect(fingerprint).toBe(sha256sum);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("groupedFingerprint", () => {
  it("reads the fingerprint in 16 groups of four, and regroups a grouped one unchanged", () => {
    const fingerprint = attestationFingerprint("header.payload.signature");
    const grouped = groupedFingerprint(fingerprint);
    expect(grouped.split(" ")).toHaveLength(16);
    expect(grouped.replaceAll(" ", "")).toBe(fingerprint);
    expect(groupedFingerprint(grouped)).toBe(grouped);
  });
});
