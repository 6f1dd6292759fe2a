import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attestationFingerprint, groupedFingerprint } from "./attestation-fingerprint.js";

describe("attestationFingerprint", () => {
  it("is the lower-case hex SHA-256 of the compact JWS string", () => {
    // FIPS 180-2's test vector: SHA-256("abc").
    expect(attestationFingerprint("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const jws = "eyJhbGciOiJFZERTQSJ9.eyJ2IjoxfQ.c2lnbmF0dXJl";
    expect(attestationFingerprint(jws)).toBe(createHash("sha256").update(jws).digest("hex"));
    expect(attestationFingerprint(jws)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("groupedFingerprint", () => {
  it("cuts a fingerprint into groups of 4 characters for reading aloud", () => {
    const hex = attestationFingerprint("abc");
    const grouped = groupedFingerprint(hex);
    expect(grouped.split(" ")).toHaveLength(16);
    expect(grouped.split(" ").every((g) => g.length === 4)).toBe(true);
    expect(grouped.replaceAll(" ", "")).toBe(hex);
    expect(grouped.startsWith("ba78 16bf 8f01 ")).toBe(true);
    expect(groupedFingerprint("abcdef")).toBe("abcd ef");
    expect(groupedFingerprint("")).toBe("");
  });
});
