import { generateSigningKey, publicJwks, verifyAttestation } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { attesterFor, authorizationPayment, paymentAttester } from "./attest.js";
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

/** An authorization as a client may spell it: the signed claims lower-case its hex. */
const MIXED_CASE_AUTHORIZATION = {
  network: "eip155:8453",
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  nonce: `0x${"AB".repeat(32)}`,
};

describe("paymentAttester", () => {
  it("signs for the authorization that pays, on the service's base URL, and keeps what it signed", async () => {
    const key = await generateSigningKey();
    const kept: string[] = [];
    const attest = paymentAttester(
      {
        key,
        baseUrl: "https://screening.example.com",
        keep: async (jws) => {
          kept.push(jws);
        },
      },
      MIXED_CASE_AUTHORIZATION,
    );
    const screening = (await sampleDeps()).list.screen(
      "0x0000000000000000000000000000000000000001",
    );
    const attestation = await attest!(screening);
    const { claims } = await verifyAttestation(attestation.jws, publicJwks([key]));
    expect(claims.baseUrl).toBe("https://screening.example.com");
    expect(claims.payment).toEqual({
      network: MIXED_CASE_AUTHORIZATION.network,
      asset: MIXED_CASE_AUTHORIZATION.asset.toLowerCase(),
      payer: MIXED_CASE_AUTHORIZATION.payer.toLowerCase(),
      authorizationNonce: MIXED_CASE_AUTHORIZATION.nonce.toLowerCase(),
    });
    expect(kept).toEqual([attestation.jws]);
  });

  it("signs nothing without a key", () => {
    expect(paymentAttester(undefined, MIXED_CASE_AUTHORIZATION)).toBeUndefined();
    expect(paymentAttester(undefined, undefined)).toBeUndefined();
  });

  it("refuses to sign a paid call that names no authorization", async () => {
    const key = await generateSigningKey();
    expect(() =>
      paymentAttester({ key, baseUrl: "https://screening.example.com" }, undefined),
    ).toThrow("a paid call ran without the authorization that pays for it");
  });
});
