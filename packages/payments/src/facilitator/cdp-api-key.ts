import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/** Why a CDP API key secret was refused, as told to the operator (never the value). */
export const CDP_SECRET_SHAPE =
  "must be a CDP API key secret: an ECDSA P-256 private key (PEM) or an Ed25519 key (base64 of 64 bytes)";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A CDP API key secret in the form `generateJwt` of `@coinbase/cdp-sdk` signs with, from the
 * forms CDP hands keys out in; undefined when it is not such a key.
 *
 * - ECDSA keys come as SEC1 PEM (`-----BEGIN EC PRIVATE KEY-----`). `generateJwt` (cdp-sdk
 *   1.57.0) imports an EC key with jose's `importPKCS8` only, which refuses SEC1 ("Invalid key
 *   format"), so every P-256 key is handed on as PKCS#8 PEM.
 * - Ed25519 keys come as base64 of 64 bytes (seed, then public key), handed on as they are once
 *   the public half is checked to be the seed's (a mangled paste fails here, not at Coinbase).
 * - A key file's PEM pasted into an environment file often has its line breaks escaped (`\n`).
 */
export function cdpKeySecret(raw: string): string | undefined {
  const text = raw.trim().replaceAll("\\n", "\n");
  if (text.startsWith("-----BEGIN")) return fromPem(text);
  if (!BASE64.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64");
  if (bytes.length !== 64) return undefined;
  const d = bytes.subarray(0, 32).toString("base64url");
  const x = bytes.subarray(32).toString("base64url");
  const key = importOr(() =>
    createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", d, x }, format: "jwk" }),
  );
  if (key === undefined || createPublicKey(key).export({ format: "jwk" }).x !== x) return undefined;
  return text;
}

function fromPem(pem: string): string | undefined {
  const key = importOr(() => createPrivateKey(pem));
  if (key?.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") {
    return String(key.export({ type: "pkcs8", format: "pem" }));
  }
  if (key?.asymmetricKeyType === "ed25519") {
    const jwk = key.export({ format: "jwk" });
    return Buffer.concat([
      Buffer.from(jwk.d ?? "", "base64url"),
      Buffer.from(jwk.x ?? "", "base64url"),
    ]).toString("base64");
  }
  return undefined;
}

function importOr(load: () => KeyObject): KeyObject | undefined {
  try {
    return load();
  } catch {
    return undefined;
  }
}
