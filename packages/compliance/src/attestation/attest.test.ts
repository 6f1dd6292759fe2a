import { generateSigningKey, publicJwks, verifyAttestation } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { attesterFor, authorizationPayment } from "./attest.js";
import { ATTESTATION_PATHS } from "./attestation-paths.js";

const AUTHORIZATION = {
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  nonce: `0x${"AB".repeat(32)}`,
};

describe("attesterFor", () => {
  it("signs a screening answer with the service key, naming the payment's authorization and where to check it", async () => {
    const key = await generateSigningKey();
    const attest = attesterFor({
      key,
      baseUrl: "https://screening.example.com/",
      payment: authorizationPayment(AUTHORIZATION),
      now: () => new Date("2026-11-23T09:00:00Z"),
    });
    const screening = (await sampleDeps()).list.screenMany([
      "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      "0x0000000000000000000000000000000000000001",
    ]);
    const attestation = await attest(screening);

    expect(attestation.kid).toBe(key.kid);
    expect(attestation.keysUrl).toBe(`https://screening.example.com${ATTESTATION_PATHS.keys}`);
    expect(attestation.verifyUrl).toBe(`https://screening.example.com${ATTESTATION_PATHS.verify}`);
    const { claims, kid } = await verifyAttestation(attestation.jws, publicJwks([key]));
    expect(kid).toBe(key.kid);
    expect(claims.issuedAt).toBe("2026-11-23T09:00:00.000Z");
    expect(claims.result.map((r) => r.status)).toEqual(["match", "clear"]);
    expect(claims.payment).toEqual({
      network: AUTHORIZATION.network,
      asset: AUTHORIZATION.asset,
      payer: AUTHORIZATION.payer,
      authorizationNonce: AUTHORIZATION.nonce.toLowerCase(),
    });
  });
});
