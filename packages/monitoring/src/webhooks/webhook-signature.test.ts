import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  type Ed25519Jwk,
  newWebhookSecret,
  signWebhook,
  verifyWebhookV1a,
  webhookPublicKey,
} from "./webhook-signature.js";

const { privateKey } = generateKeyPairSync("ed25519");
const jwk = privateKey.export({ format: "jwk" }) as unknown as Ed25519Jwk;
const message = {
  id: "msg_2hQ6y1a",
  body: JSON.stringify({ type: "screening.match.cleared", data: { address: "0xabc" } }),
};

describe("signWebhook: Standard Webhooks signatures", () => {
  it("v1 verifies with the standardwebhooks library and the monitor's secret", () => {
    const secret = newWebhookSecret();
    const headers = signWebhook(message, new Date(), { secret, signingKey: jwk });
    expect(new Webhook(secret).verify(message.body, { ...headers })).toEqual(
      JSON.parse(message.body),
    );
  });

  it("v1 does not verify with another secret, nor a tampered body", () => {
    const secret = newWebhookSecret();
    const headers = signWebhook(message, new Date(), { secret, signingKey: jwk });
    expect(() => new Webhook(newWebhookSecret()).verify(message.body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
    const tampered = message.body.replace("0xabc", "0xabd");
    expect(() => new Webhook(secret).verify(tampered, { ...headers })).toThrow(
      WebhookVerificationError,
    );
  });

  it("v1a is an Ed25519 signature of id.timestamp.body under the published whpk_ key", () => {
    const at = new Date();
    const headers = signWebhook(message, at, { secret: newWebhookSecret(), signingKey: jwk });
    const whpk = webhookPublicKey(jwk);
    expect(whpk).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    // Checked here with node:crypto alone, as the specification describes it.
    const v1a = headers["webhook-signature"].split(" ").find((s) => s.startsWith("v1a,"));
    const key = createPublicKey({
      key: {
        kty: "OKP",
        crv: "Ed25519",
        x: Buffer.from(whpk.slice(5), "base64").toString("base64url"),
      },
      format: "jwk",
    });
    const content = `${message.id}.${Math.floor(at.getTime() / 1000)}.${message.body}`;
    expect(
      verify(null, Buffer.from(content), key, Buffer.from((v1a as string).slice(4), "base64")),
    ).toBe(true);
    expect(verifyWebhookV1a(message.body, { ...headers }, whpk)).toBe(true);
  });

  it("v1a refuses a tampered body, another key, a changed id and a stale timestamp", () => {
    const at = new Date();
    const headers = signWebhook(message, at, { secret: newWebhookSecret(), signingKey: jwk });
    const whpk = webhookPublicKey(jwk);
    expect(verifyWebhookV1a(`${message.body} `, { ...headers }, whpk)).toBe(false);
    const other = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
    expect(
      verifyWebhookV1a(message.body, { ...headers }, webhookPublicKey(other as Ed25519Jwk)),
    ).toBe(false);
    expect(verifyWebhookV1a(message.body, { ...headers, "webhook-id": "msg_other" }, whpk)).toBe(
      false,
    );
    const later = new Date(at.getTime() + 6 * 60 * 1000);
    expect(verifyWebhookV1a(message.body, { ...headers }, whpk, later)).toBe(false);
  });

  it("the id stays and the timestamp is the attempt's on a retry", () => {
    const secret = newWebhookSecret();
    const first = signWebhook(message, new Date("2026-11-28T10:00:00Z"), { secret });
    const retry = signWebhook(message, new Date("2026-11-28T10:05:00Z"), { secret });
    expect(retry["webhook-id"]).toBe(first["webhook-id"]);
    expect(Number(retry["webhook-timestamp"]) - Number(first["webhook-timestamp"])).toBe(300);
    expect(first["webhook-signature"]).not.toContain("v1a,");
  });
});
