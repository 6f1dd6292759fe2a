import { describe, expect, it } from "vitest";
import { ATTESTATION_LOOKUP_PATH, attestationLookupUrl } from "./attestation-carriers.js";

describe("attestationLookupUrl", () => {
  it("is the lookup path on the base URL, with or without its trailing slash", () => {
    const hex = "ab".repeat(32);
    expect(ATTESTATION_LOOKUP_PATH).toBe("/api/attestations/{fingerprint}");
    expect(attestationLookupUrl("https://screening.example.com", hex)).toBe(
      `https://screening.example.com/api/attestations/${hex}`,
    );
    expect(attestationLookupUrl("https://screening.example.com/", hex)).toBe(
      `https://screening.example.com/api/attestations/${hex}`,
    );
  });
});
