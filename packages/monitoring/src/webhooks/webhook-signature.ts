import {
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign as signBytes,
  verify as verifyBytes,
} from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/). What is signed is
 * `${webhook-id}.${webhook-timestamp}.${body}`, and `webhook-signature` carries one or more
 * space-separated `version,base64` signatures:
 * - `v1`: HMAC-SHA256 with the monitor's own secret (`whsec_` + base64), computed by the
 *   `standardwebhooks` library itself, so what receivers verify with it is what is sent;
 * - `v1a`: Ed25519 with the service's signing key, whose public half is published (`whpk_` +
 *   base64 of the raw 32 bytes, as the specification writes asymmetric keys), so anyone can
 *   check that the service sent it, not only the secret's holder.
 */

/** The headers of a signed webhook message. */
export interface WebhookHeaders {
  readonly "webhook-id": string;
  readonly "webhook-timestamp": string;
  readonly "webhook-signature": string;
}

/** A new monitor secret: 32 random bytes, `whsec_` + base64 (shown to its owner once). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/** The Ed25519 key a service signs `v1a` with: a JWK's `x` and `d` (base64url). */
export interface Ed25519Jwk {
  readonly kty: "OKP";
  readonly crv: "Ed25519";
  readonly x: string;
  readonly d: string;
}

/** The specification's spelling of an Ed25519 public key: `whpk_` + base64 of its 32 bytes. */
export const webhookPublicKey = (jwk: Pick<Ed25519Jwk, "x">): string =>
  `whpk_${Buffer.from(jwk.x, "base64url").toString("base64")}`;

const signedContent = (id: string, timestamp: number, body: string): Buffer =>
  Buffer.from(`${id}.${timestamp}.${body}`, "utf8");

export interface SignWebhookOptions {
  /** The monitor's secret (`whsec_…`): the `v1` signature. */
  readonly secret: string;
  /** The service's Ed25519 key: the `v1a` signature (none when the service signs with P-256). */
  readonly signingKey?: Ed25519Jwk | undefined;
}

/**
 * The headers of one delivery attempt of a message. The id stays the same on every attempt
 * (receivers deduplicate on it); the timestamp is the attempt's, so a receiver's 5-minute
 * tolerance holds however late a retry comes.
 */
export function signWebhook(
  message: { readonly id: string; readonly body: string },
  at: Date,
  options: SignWebhookOptions,
): WebhookHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signatures = [new Webhook(options.secret).sign(message.id, at, message.body)];
  if (options.signingKey !== undefined) {
    const key = createPrivateKey({ key: { ...options.signingKey }, format: "jwk" });
    const signature = signBytes(null, signedContent(message.id, timestamp, message.body), key);
    signatures.push(`v1a,${signature.toString("base64")}`);
  }
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}

function publicKeyOf(whpk: string): KeyObject {
  const raw = Buffer.from(whpk.replace(/^whpk_/, ""), "base64");
  if (raw.length !== 32) throw new Error("an Ed25519 public key is 32 bytes");
  return createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") },
    format: "jwk",
  });
}

/** How far a message's timestamp may be from now, as the specification's libraries allow. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a message's `v1a` signature with the service's published key (`whpk_…`), as a
 * receiver would: one of the header's `v1a` entries must verify, and the timestamp must be
 * within five minutes of `now`. Returns false rather than throwing.
 */
export function verifyWebhookV1a(
  body: string,
  headers: Readonly<Record<string, string | undefined>>,
  publicKey: string,
  now: Date = new Date(),
): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signature = headers["webhook-signature"];
  if (id === undefined || signature === undefined || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const key = publicKeyOf(publicKey);
  const content = signedContent(id, timestamp, body);
  return signature.split(" ").some((entry) => {
    const [version, value] = entry.split(",");
    if (version !== "v1a" || value === undefined) return false;
    const bytes = Buffer.from(value, "base64");
    return bytes.length === 64 && verifyBytes(null, content, key, bytes);
  });
}
