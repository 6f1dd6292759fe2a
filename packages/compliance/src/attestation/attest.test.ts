import { generateSigningKey, publicJwks, verifyAttestation } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { attesterFor, authorizationPayment, paymentAttester } from "./attest.js";
import { ATTESTATION_PATHS } from "./attestation-paths.js";

const AUTHORIZATION = {
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  nonce: `0x${"ab".repeat(32)}`,
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
      authorizationNonce: AUTHORIZATION.nonce,
    });
  });
});

/**
 * Another authorization as the paid-call path hands it to a run: already in its scheme's one
 * spelling (the payment layer's `canonicalKey`, whose tests cover a client's mixed case), so
 * the claims name it byte for byte.
 */
const PAID_AUTHORIZATION = {
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  nonce: `0x${"cd".repeat(32)}`,
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
      PAID_AUTHORIZATION,
    );
    const screening = (await sampleDeps()).list.screen(
      "0x0000000000000000000000000000000000000001",
    );
    const attestation = await attest!(screening);
    const { claims } = await verifyAttestation(attestation.jws, publicJwks([key]));
    expect(claims.baseUrl).toBe("https://screening.example.com");
    expect(claims.payment).toEqual({
      network: PAID_AUTHORIZATION.network,
      asset: PAID_AUTHORIZATION.asset,
      payer: PAID_AUTHORIZATION.payer,
      authorizationNonce: PAID_AUTHORIZATION.nonce,
    });
    expect(kept).toEqual([attestation.jws]);
  });

  it("signs nothing without a key", () => {
    expect(paymentAttester(undefined, PAID_AUTHORIZATION)).toBeUndefined();
    expect(paymentAttester(undefined, undefined)).toBeUndefined();
  });

  it("refuses to sign a paid call that names no authorization", async () => {
    const key = await generateSigningKey();
    expect(() =>
      paymentAttester({ key, baseUrl: "https://screening.example.com" }, undefined),
    ).toThrow("a paid call ran without the authorization that pays for it");
  });
});
