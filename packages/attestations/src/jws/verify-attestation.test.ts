import { CompactSign, importJWK } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { attestationClaims } from "../claims/attestation-claims.js";
import type { AttestationClaims } from "../claims/claims-schema.js";
import { parseJwks, publicJwks } from "../keys/jwks.js";
import type { Jwks, SigningKey } from "../keys/key-schemas.js";
import { generateSigningKey } from "../keys/signing-key.js";
import { REAL_BATCH_ANSWER, TX_HASH } from "../test-support/real-answer.js";
import { ATTESTATION_TYP } from "./attestation-header.js";
import { signAttestation } from "./sign-attestation.js";
import { verifyAttestation } from "./verify-attestation.js";

let key: SigningKey;
let retired: SigningKey;
let stranger: SigningKey;
let jwks: Jwks;
let claims: AttestationClaims;
let jws: string;

beforeAll(async () => {
  key = await generateSigningKey();
  retired = await generateSigningKey();
  stranger = await generateSigningKey();
  jwks = publicJwks([key, retired]);
  claims = attestationClaims({
    baseUrl: "https://screening.example.com",
    issuedAt: "2026-11-23T09:00:00.000Z",
    screening: REAL_BATCH_ANSWER,
    payment: { transactionHash: TX_HASH },
  });
  jws = await signAttestation(claims, key);
});

/** The code an attempt is refused with. */
async function refusedWith(attempt: Promise<unknown>): Promise<unknown> {
  try {
    await attempt;
  } catch (error) {
    return error;
  }
  throw new Error("not refused");
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const parts = (token: string) => token.split(".") as [string, string, string];

/** Signs any payload text under any header with `signer`, as a forger or a sloppy issuer would. */
async function signRaw(payload: string, signer: SigningKey, header: Record<string, unknown> = {}) {
  return new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: ATTESTATION_TYP, ...header })
    .sign(await importJWK({ ...signer }, signer.alg));
}

describe("verifyAttestation", () => {
  it("returns the claims and the kid of a signed attestation", async () => {
    const verified = await verifyAttestation(jws, jwks);
    expect(verified).toEqual({ claims, kid: key.kid });
    const [header, payload] = parts(jws);
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({
      alg: "EdDSA",
      kid: key.kid,
      typ: "ofac-attestation+jwt",
    });
    // The payload bytes are the canonical JSON: sorted members, no whitespace.
    expect(Buffer.from(payload, "base64url").toString()).toMatch(
      /^\{"baseUrl":"https:\/\/screening/,
    );
  });

  it("still verifies evidence signed with a retired key that the key set keeps", async () => {
    const old = await signAttestation(claims, retired);
    expect((await verifyAttestation(old, jwks)).kid).toBe(retired.kid);
    expect(await refusedWith(verifyAttestation(old, publicJwks([key])))).toMatchObject({
      code: "unknown_kid",
    });
  });

  it("reads typ as a media type: its application/ prefix and case do not matter", async () => {
    const { canonicalJson } = await import("../canonical/canonical-json.js");
    const token = await signRaw(canonicalJson(claims), key, {
      typ: "Application/OFAC-Attestation+JWT",
    });
    expect((await verifyAttestation(token, jwks)).claims).toEqual(claims);
  });

  it("verifies P-256 (ES256) attestations too", async () => {
    const p256 = await generateSigningKey({ algorithm: "ES256" });
    const token = await signAttestation(claims, p256);
    expect((await verifyAttestation(token, publicJwks([p256]))).claims).toEqual(claims);
  });

  it("refuses one changed byte of the payload: bad_signature", async () => {
    const [header, payload, signature] = parts(jws);
    const bytes = Buffer.from(payload, "base64url");
    bytes[bytes.indexOf("clear")] = "C".charCodeAt(0);
    const tampered = `${header}.${b64(bytes)}.${signature}`;
    expect(await refusedWith(verifyAttestation(tampered, jwks))).toMatchObject({
      code: "bad_signature",
    });
  });

  it("refuses one changed byte of the signature: bad_signature", async () => {
    const [header, payload, signature] = parts(jws);
    const bytes = Buffer.from(signature, "base64url");
    bytes[10] = (bytes[10] as number) ^ 1;
    expect(
      await refusedWith(verifyAttestation(`${header}.${payload}.${b64(bytes)}`, jwks)),
    ).toMatchObject({ code: "bad_signature" });
  });

  it("refuses the payload re-signed with another key under the service's kid: bad_signature", async () => {
    const forged = await signAttestation(claims, { ...stranger, kid: key.kid });
    expect(await refusedWith(verifyAttestation(forged, jwks))).toMatchObject({
      code: "bad_signature",
      message: `the signature does not verify with key "${key.kid}"`,
    });
  });

  it("refuses a kid the key set does not hold: unknown_kid", async () => {
    const token = await signAttestation(claims, stranger);
    expect(await refusedWith(verifyAttestation(token, jwks))).toMatchObject({
      code: "unknown_kid",
      message: `no key of the key set has kid "${stranger.kid}" (it holds 2)`,
    });
  });

  it("refuses a validly signed payload that is not canonical: not_canonical", async () => {
    const pretty = await signRaw(JSON.stringify(claims, null, 2), key);
    expect(await refusedWith(verifyAttestation(pretty, jwks))).toMatchObject({
      code: "not_canonical",
    });
    // Same members, schema order instead of sorted order, no whitespace.
    const unsorted = await signRaw(JSON.stringify(claims), key);
    expect(await refusedWith(verifyAttestation(unsorted, jwks))).toMatchObject({
      code: "not_canonical",
    });
  });

  it("refuses canonical claims of another shape: bad_claims with the path", async () => {
    const { canonicalJson } = await import("../canonical/canonical-json.js");
    const wrong = { ...claims, result: claims.result.slice(1) };
    const token = await signRaw(canonicalJson(wrong), key);
    expect(await refusedWith(verifyAttestation(token, jwks))).toMatchObject({
      code: "bad_claims",
      message: "result: must hold one result per requested address, in request order",
    });
    const extra = await signRaw(canonicalJson({ ...claims, admin: true }), key);
    expect(await refusedWith(verifyAttestation(extra, jwks))).toMatchObject({
      code: "bad_claims",
      path: "admin",
    });
  });

  it("refuses what is not an attestation: malformed", async () => {
    const { canonicalJson } = await import("../canonical/canonical-json.js");
    const payload = canonicalJson(claims);
    const cases = [
      "not a jws",
      "a.b",
      `${jws}.extra`,
      `eyJub3QiOiJqc29uIn0.${parts(jws)[1]}.${parts(jws)[2]}`,
      await signRaw(payload, key, { typ: "JWT" }),
      await signRaw(payload, key, { kid: undefined }),
      await signRaw("not json", key),
    ];
    for (const token of cases) {
      expect(await refusedWith(verifyAttestation(token, jwks)), token).toMatchObject({
        code: "malformed",
      });
    }
    const unsigned = `${b64(JSON.stringify({ alg: "none", kid: key.kid, typ: ATTESTATION_TYP }))}.${b64(payload)}.AA`;
    expect(await refusedWith(verifyAttestation(unsigned, jwks))).toMatchObject({
      code: "malformed",
      message: 'alg "none" is not EdDSA or ES256',
    });
  });

  it("refuses an unusable key set: bad_key", async () => {
    expect(await refusedWith(verifyAttestation(jws, { keys: [key] }))).toMatchObject({
      code: "bad_key",
    });
    expect(parseJwks(jwks)).toEqual(jwks);
  });
});
