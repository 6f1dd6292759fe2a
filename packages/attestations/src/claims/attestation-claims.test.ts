import { describe, expect, it } from "vitest";
import { AttestationError } from "../errors/attestation-error.js";
import {
  EDITION_2025_11_19_SHA256,
  REAL_BATCH_ANSWER,
  TX_HASH,
} from "../test-support/real-answer.js";
import { attestationClaims } from "./attestation-claims.js";

const base = {
  baseUrl: "https://screening.example.com",
  issuedAt: "2026-11-23T09:00:00.000Z",
  payment: { transactionHash: TX_HASH, network: "eip155:8453" },
};

describe("attestationClaims", () => {
  it("attests a real batch answer: each address as typed and normalized, results, edition", () => {
    const claims = attestationClaims({ ...base, screening: REAL_BATCH_ANSWER });
    expect(claims.version).toBe(1);
    expect(claims.request.asset).toBe("ETH");
    expect(claims.request.addresses[0]).toEqual({
      address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      normalizedAddress: "0x098b716b8aaf21512996dc57eb0615e2383e2f96",
    });
    expect(claims.result.map((r) => [r.status, r.entryIds, r.tickers])).toEqual([
      ["match", ["27307"], ["ETH"]],
      ["match", ["36216"], ["XBT"]],
      ["match", ["33151"], ["ETH", "USDT"]],
      ["clear", [], []],
    ]);
    expect(claims.list).toEqual({
      datasetSha256: EDITION_2025_11_19_SHA256,
      datasetDate: "2025-11-19",
      sourceUrl: "file:///work/shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    });
    expect(claims.payment).toEqual(base.payment);
  });

  it("attests a single answer and marks the embedded sample", () => {
    const [first] = REAL_BATCH_ANSWER.results;
    if (first === undefined) throw new Error("the recorded answer has no result");
    const single = {
      ...first,
      query: { ...first.query, asset: null },
      sourceFreshness: { ...REAL_BATCH_ANSWER.sourceFreshness, sample: true },
    };
    const claims = attestationClaims({
      ...base,
      payment: { paymentId: "pay_123" },
      screening: single,
    });
    expect(claims.request).toEqual({
      addresses: [
        {
          address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
          normalizedAddress: "0x098b716b8aaf21512996dc57eb0615e2383e2f96",
        },
      ],
      asset: null,
    });
    expect(claims.list.sample).toBe(true);
    expect(claims.payment).toEqual({ paymentId: "pay_123" });
  });

  it("refuses what is not an attestation with bad_claims and the path", () => {
    const attempt = (input: Partial<typeof base>) => {
      try {
        attestationClaims({ ...base, ...input, screening: REAL_BATCH_ANSWER });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const notUrl = attempt({ baseUrl: "screening.example.com" });
    expect(notUrl).toBeInstanceOf(AttestationError);
    expect(notUrl).toMatchObject({ code: "bad_claims", path: "baseUrl" });
    expect(attempt({ issuedAt: "yesterday" })).toMatchObject({
      code: "bad_claims",
      path: "issuedAt",
    });
  });

  it("names a payment not yet settled by its authorization: network, token, payer and nonce", () => {
    const authorization = {
      network: "eip155:8453",
      asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      authorizationNonce: `0x${"0f".repeat(32)}`,
    };
    const claims = attestationClaims({
      ...base,
      payment: authorization,
      screening: REAL_BATCH_ANSWER,
    });
    expect(claims.payment).toEqual(authorization);
    expect(() =>
      attestationClaims({
        ...base,
        payment: { ...authorization, authorizationNonce: "0x1234" },
        screening: REAL_BATCH_ANSWER,
      }),
    ).toThrow(expect.objectContaining({ code: "bad_claims", path: "payment.authorizationNonce" }));
  });

  it("names a Solana payment not yet settled by its transfer's authority and its message's hash", () => {
    const authorization = {
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payer: "4WzT1buXxPLF4i7iG77iUTgzkWu6v6sWPFUugsNTd7oP",
      authorizationNonce: "q1Xv2b6Yl0Jm8f3/9kq8G3n0V4y1sM3l2N6tC0pQ7Rw=",
    };
    const claims = attestationClaims({
      ...base,
      payment: authorization,
      screening: REAL_BATCH_ANSWER,
    });
    expect(claims.payment).toEqual(authorization);
    // Each network's nonce in its own spelling: an EVM nonce does not name a Solana payment.
    expect(() =>
      attestationClaims({
        ...base,
        payment: { ...authorization, authorizationNonce: `0x${"0f".repeat(32)}` },
        screening: REAL_BATCH_ANSWER,
      }),
    ).toThrow(expect.objectContaining({ code: "bad_claims" }));
  });
});
