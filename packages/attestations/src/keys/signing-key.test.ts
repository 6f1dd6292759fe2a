import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import { parseJwks, publicJwks } from "./jwks.js";
import { generateSigningKey, parseSigningKey } from "./signing-key.js";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("not refused");
};

describe("signing keys", () => {
  it("generates an Ed25519 key by default, its kid the RFC 7638 thumbprint", async () => {
    const key = await generateSigningKey();
    expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(key.kid).toBe(await calculateJwkThumbprint(key));
    expect(key.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("generates a P-256 key when asked", async () => {
    const key = await generateSigningKey({ algorithm: "ES256" });
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256" });
    expect(key.kid).toBe(await calculateJwkThumbprint(key));
  });

  it("parses its own JSON back (SIGNING_KEY), keeping a given kid", async () => {
    const key = await generateSigningKey();
    expect(parseSigningKey(JSON.stringify(key))).toEqual(key);
    expect(parseSigningKey({ ...key, kid: "2026-11" }).kid).toBe("2026-11");
    const { kid: _kid, alg: _alg, use: _use, ...bare } = key;
    expect(parseSigningKey(bare)).toEqual(key);
  });

  it("refuses a bad key with bad_key and the member's path", async () => {
    const key = await generateSigningKey();
    const other = await generateSigningKey();
    const { d: _d, ...publicOnly } = key;
    expect(refusal(() => parseSigningKey(publicOnly))).toMatchObject({
      code: "bad_key",
      path: "d",
    });
    expect(refusal(() => parseSigningKey({ ...key, crv: "X25519" }))).toMatchObject({
      code: "bad_key",
      path: "crv",
    });
    expect(refusal(() => parseSigningKey({ ...key, x: other.x }))).toMatchObject({
      code: "bad_key",
      path: "x",
      message: "x: is not the public half of this key's d",
    });
    expect(refusal(() => parseSigningKey({ ...key, alg: "ES256" }))).toMatchObject({
      code: "bad_key",
      path: "alg",
    });
    expect(refusal(() => parseSigningKey("{not json"))).toMatchObject({ code: "bad_key" });
  });
});

describe("key sets", () => {
  it("publishes the public halves of the current and retired keys, never d", async () => {
    const current = await generateSigningKey();
    const retired = await generateSigningKey({ algorithm: "ES256" });
    const jwks = publicJwks([current, retired, current]);
    expect(jwks.keys.map((k) => k.kid)).toEqual([current.kid, retired.kid]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    expect(parseJwks(JSON.stringify(jwks))).toEqual(jwks);
  });

  it("refuses two keys under one kid, and a private member in a key set", async () => {
    const a = await generateSigningKey();
    const b = await generateSigningKey();
    expect(refusal(() => publicJwks([a, { ...b, kid: a.kid }]))).toMatchObject({
      code: "bad_key",
      path: "keys.1.kid",
    });
    expect(refusal(() => parseJwks({ keys: [a] }))).toMatchObject({
      code: "bad_key",
      path: "keys.0.d",
    });
    expect(
      refusal(() => parseJwks({ keys: [{ ...publicJwks([a]).keys[0], kid: undefined }] })),
    ).toMatchObject({ code: "bad_key", path: "keys.0.kid" });
  });
});
