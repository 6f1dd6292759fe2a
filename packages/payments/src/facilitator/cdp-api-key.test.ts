import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { createAuthHeader } from "@coinbase/x402";
import { testCdpKey } from "@svc/test-support/cdp-keys";
import { describe, expect, it } from "vitest";
import { cdpKeySecret } from "./cdp-api-key.js";

const HOST = "api.cdp.coinbase.com";
const PATH = "/platform/v2/x402/supported";

/** The token's signature checks against `publicKeyPem` (ES256 as JOSE's r||s, or EdDSA). */
function signedBy(token: string, publicKeyPem: string): boolean {
  const [header = "", payload = "", signature = ""] = token.split(".");
  const alg = JSON.parse(Buffer.from(header, "base64url").toString()).alg;
  const key = createPublicKey(publicKeyPem);
  const data = Buffer.from(`${header}.${payload}`);
  const sig = Buffer.from(signature, "base64url");
  return alg === "ES256"
    ? verify("sha256", data, { key, dsaEncoding: "ieee-p1363" }, sig)
    : verify(null, data, key, sig);
}

describe("cdpKeySecret", () => {
  it("hands an ECDSA key as CDP issues it (SEC1 PEM) to generateJwt as PKCS#8, which it signs with; the SEC1 PEM itself is refused there", async () => {
    const key = testCdpKey("ecdsa");
    expect(key.secret.startsWith("-----BEGIN EC PRIVATE KEY-----")).toBe(true);
    // What makes the conversion necessary: cdp-sdk's generateJwt refuses CDP's own PEM.
    await expect(createAuthHeader("key-id", key.secret, "GET", HOST, PATH)).rejects.toThrow(
      /Invalid key format/,
    );
    const secret = cdpKeySecret(key.secret) ?? "";
    expect(secret.startsWith("-----BEGIN PRIVATE KEY-----")).toBe(true);
    const token = (await createAuthHeader("key-id", secret, "GET", HOST, PATH)).slice(7);
    expect(signedBy(token, key.publicKeyPem)).toBe(true);
  });

  it("takes an Ed25519 key as CDP issues it (base64 of 64 bytes) as it is, and generateJwt signs with it", async () => {
    const key = testCdpKey("ed25519");
    expect(cdpKeySecret(key.secret)).toBe(key.secret);
    const token = (await createAuthHeader("key-id", key.secret, "GET", HOST, PATH)).slice(7);
    expect(signedBy(token, key.publicKeyPem)).toBe(true);
  });

  it("takes a PEM pasted with its line breaks escaped, surrounding blanks, and PKCS#8 PEMs of both kinds", () => {
    const key = testCdpKey("ecdsa");
    expect(cdpKeySecret(` ${key.secret.replaceAll("\n", "\\n")} `)).toBe(cdpKeySecret(key.secret));
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const pkcs8 = String(ec.export({ type: "pkcs8", format: "pem" }));
    expect(cdpKeySecret(pkcs8)).toBe(pkcs8);
    const ed = generateKeyPairSync("ed25519").privateKey;
    const jwk = ed.export({ format: "jwk" });
    expect(cdpKeySecret(String(ed.export({ type: "pkcs8", format: "pem" })))).toBe(
      Buffer.concat([
        Buffer.from(jwk.d ?? "", "base64url"),
        Buffer.from(jwk.x ?? "", "base64url"),
      ]).toString("base64"),
    );
  });

  it("refuses what is not a CDP key: another curve, RSA, a public key, a seed alone, a public half not the seed's, text", () => {
    const p384 = generateKeyPairSync("ec", { namedCurve: "P-384" });
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const [a, b] = [testCdpKey("ed25519"), testCdpKey("ed25519")];
    const mixed = Buffer.concat([
      Buffer.from(a.secret, "base64").subarray(0, 32),
      Buffer.from(b.secret, "base64").subarray(32),
    ]).toString("base64");
    for (const secret of [
      String(p384.privateKey.export({ type: "sec1", format: "pem" })),
      String(rsa.privateKey.export({ type: "pkcs8", format: "pem" })),
      testCdpKey("ecdsa").publicKeyPem,
      Buffer.from(a.secret, "base64").subarray(0, 32).toString("base64"),
      mixed,
      "not a key",
      "",
    ]) {
      expect(cdpKeySecret(secret), secret.slice(0, 40)).toBeUndefined();
    }
  });
});
