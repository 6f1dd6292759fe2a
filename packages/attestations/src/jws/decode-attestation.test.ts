import { beforeAll, describe, expect, it } from "vitest";
import { attestationClaims } from "../claims/attestation-claims.js";
import { isAttestationError } from "../errors/attestation-error.js";
import { generateSigningKey } from "../keys/signing-key.js";
import { REAL_BATCH_ANSWER, TX_HASH } from "../test-support/real-answer.js";
import { decodeAttestation } from "./decode-attestation.js";
import { signAttestation } from "./sign-attestation.js";

let jws: string;
let kid: string;

beforeAll(async () => {
  const key = await generateSigningKey();
  kid = key.kid;
  jws = await signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com",
      issuedAt: "2026-11-23T09:00:00.000Z",
      screening: REAL_BATCH_ANSWER,
      payment: { transactionHash: TX_HASH },
    }),
    key,
  );
});

const codeOf = (attempt: () => unknown): unknown => {
  try {
    attempt();
  } catch (error) {
    return isAttestationError(error) ? error.code : error;
  }
  throw new Error("not refused");
};

describe("decodeAttestation", () => {
  it("reads the kid and the claims of a signed attestation", () => {
    const { kid: read, claims } = decodeAttestation(jws);
    expect(read).toBe(kid);
    expect(claims.issuedAt).toBe("2026-11-23T09:00:00.000Z");
    expect(claims.baseUrl).toBe("https://screening.example.com");
    expect(claims.list.datasetDate).toBe("2025-11-19");
    expect(claims.result).toHaveLength(4);
  });

  it("does not check the signature: a forged one reads the same (only verifyAttestation vouches)", () => {
    const [header, payload] = jws.split(".");
    expect(decodeAttestation(`${header}.${payload}.AAAA`).kid).toBe(kid);
  });

  it("refuses what is no attestation, with the verifier's codes", () => {
    expect(codeOf(() => decodeAttestation("not a jws"))).toBe("malformed");
    const [header] = jws.split(".");
    expect(codeOf(() => decodeAttestation(`${header}.bm90IGpzb24.AAAA`))).toBe("malformed");
    const claims = Buffer.from(JSON.stringify({ version: 1 })).toString("base64url");
    expect(codeOf(() => decodeAttestation(`${header}.${claims}.AAAA`))).toBe("bad_claims");
  });
});
