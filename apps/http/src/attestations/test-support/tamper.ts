import { createPrivateKey, sign } from "node:crypto";
import { type AttestationClaims, canonicalJson, type SigningKey } from "@svc/attestations";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { Hono } from "hono";

const b64 = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The three parts of a compact JWS. */
function partsOf(jws: string): { header: string; payload: string; signature: string } {
  const [header = "", payload = "", signature = ""] = jws.split(".");
  return { header, payload, signature };
}

/** The claims a compact JWS carries, read without verifying anything. */
export const unverifiedClaims = (jws: string): AttestationClaims =>
  JSON.parse(Buffer.from(partsOf(jws).payload, "base64url").toString("utf8"));

/** One byte of the decoded payload changed (re-encoded), the header and signature kept. */
export function withPayloadByteChanged(jws: string, at: number): string {
  const { header, payload, signature } = partsOf(jws);
  const bytes = Buffer.from(payload, "base64url");
  bytes[at] = (bytes[at] as number) ^ 0x01;
  return `${header}.${bytes.toString("base64url")}.${signature}`;
}

/** One byte of the decoded signature changed (re-encoded). */
export function withSignatureByteChanged(jws: string, at: number): string {
  const { header, payload, signature } = partsOf(jws);
  const bytes = Buffer.from(signature, "base64url");
  bytes[at] = (bytes[at] as number) ^ 0x80;
  return `${header}.${payload}.${bytes.toString("base64url")}`;
}

/**
 * An Ed25519 JWS made by hand, with whatever protected header the forger likes (an embedded
 * `jwk`, another `kid`), over the canonical claims: what an attacker without the service's key
 * can make.
 */
export function handSigned(
  header: Record<string, unknown>,
  claims: AttestationClaims,
  key: SigningKey,
): string {
  const input = `${b64(JSON.stringify(header))}.${b64(canonicalJson(claims))}`;
  const privateKey = createPrivateKey({ key: { ...key }, format: "jwk" });
  return `${input}.${b64(sign(null, Buffer.from(input), privateKey))}`;
}

/** A fetch to the app in-process that keeps each request's x402 payment (PAYMENT-SIGNATURE). */
export function recordingPayments(app: Hono): {
  fetch: typeof fetch;
  /** The EIP-3009 authorization of the last paid request. */
  lastAuthorization(): { from: string; nonce: string };
} {
  let last: string | undefined;
  return {
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      last = request.headers.get("PAYMENT-SIGNATURE") ?? last;
      return Promise.resolve(app.request(request));
    }) as typeof fetch,
    lastAuthorization() {
      if (last === undefined) throw new Error("no paid request was sent");
      const payment = decodePaymentSignatureHeader(last);
      return (payment.payload as { authorization: { from: string; nonce: string } }).authorization;
    },
  };
}
