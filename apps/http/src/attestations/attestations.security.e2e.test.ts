import {
  ATTESTATION_TYP,
  attestationClaims,
  generateSigningKey,
  publicJwk,
  type SigningKey,
  signAttestation,
} from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { renderDocument } from "@svc/renderers";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { loaderEditions } from "../list/loader-editions.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { MAX_VERIFY_BODY_BYTES } from "./free-attestation-endpoints.js";
import { handSigned } from "./test-support/tamper.js";

// Attacks on the free attestation endpoints: what an unpaid caller can send, and what a forger
// without the service's key can make.
const BASE = "http://svc.test";
const VERIFY = `${BASE}${ATTESTATION_PATHS.verify}`;
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

let stack: PaidStack;
let key: SigningKey;
let app: Hono;
/** How often the app asked its store for an edition (the verification route's costly step). */
let editionReads = 0;

beforeAll(async () => {
  stack = await startPaidStack();
  key = await generateSigningKey();
  const stored = loaderEditions(stack.loader);
  app = createApp({
    ...stack.common,
    render: renderDocument,
    storedEditions: {
      ...stored,
      edition: (sha) => {
        editionReads++;
        return stored.edition(sha);
      },
    },
    attestation: { key, retired: [] },
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** Claims as the service signs them, on the loaded edition. */
const claimsOf = (datasetSha256?: string) => {
  const screening = stack.loader.screen(LISTED);
  return attestationClaims({
    baseUrl: BASE,
    screening: {
      ...screening,
      sourceFreshness: {
        ...screening.sourceFreshness,
        ...(datasetSha256 === undefined ? {} : { datasetSha256 }),
      },
    },
    payment: { paymentId: "pay_00000000000000000000000000000000" },
  });
};

const verify = async (attestation: string) => {
  const res = await app.request(VERIFY, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ attestation }),
  });
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), verdict: (await res.json()) as Record<string, unknown> };
};

/** A request body that counts what the server pulls from it: `chunks` of 64 KiB, or endless. */
function countedBody(chunks = Number.POSITIVE_INFINITY) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= chunks * chunk.length) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe("unpaid amplification on POST /api/attestations/verify", () => {
  it("an oversized body declared in Content-Length is refused 413 unread (and the connection closed)", async () => {
    const body = countedBody();
    const res = await app.request(
      new Request(VERIFY, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(MAX_VERIFY_BODY_BYTES + 1),
        },
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(res.headers.get("Connection")).toBe("close");
    expect(body.pulled()).toBe(0);
  });

  it("an endless chunked body (no Content-Length) is cut at the limit: 413, read no further", async () => {
    const body = countedBody();
    const res = await app.request(
      new Request(VERIFY, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(MAX_VERIFY_BODY_BYTES + 2 * 64 * 1024);
  });

  it("a forged attestation naming a stored edition never makes the service read one: only its own signatures reach the store", async () => {
    const before = editionReads;
    const forger = await generateSigningKey();
    const forged = await signAttestation(claimsOf("cd".repeat(32)), { ...forger, kid: key.kid });
    expect((await verify(forged)).verdict).toMatchObject({ valid: false, code: "bad_signature" });
    expect(editionReads).toBe(before);
    // The service's own attestation naming an edition it does not hold asks the store once.
    const own = await signAttestation(claimsOf("cd".repeat(32)), key);
    expect((await verify(own)).verdict).toMatchObject({
      valid: true,
      edition: { code: "edition_unavailable" },
    });
    expect(editionReads).toBe(before + 1);
  });
});

describe("forged attestations", () => {
  it("a private d smuggled into a jwk header is never trusted: the forger's key under the service's kid is bad_signature", async () => {
    const forger = await generateSigningKey();
    const header = { alg: "EdDSA", typ: ATTESTATION_TYP, kid: key.kid, jwk: { ...forger } };
    const { text, verdict } = await verify(handSigned(header, claimsOf(), forger));
    expect(verdict).toMatchObject({ valid: false, code: "bad_signature" });
    expect(verdict.claims).toBeUndefined();
    // The answer never echoes the smuggled key.
    expect(text).not.toContain(forger.d);
    expect(text).not.toContain(forger.x);
  });

  it("the same with the forger's own kid (and a jku to fetch it from): unknown_kid, nothing fetched", async () => {
    const forger = await generateSigningKey();
    const header = {
      alg: "EdDSA",
      typ: ATTESTATION_TYP,
      kid: forger.kid,
      jwk: { ...forger },
      jku: "http://127.0.0.1:1/jwks.json",
    };
    expect((await verify(handSigned(header, claimsOf(), forger))).verdict).toMatchObject({
      valid: false,
      code: "unknown_kid",
    });
  });

  it("alg none under the service's kid: malformed, never accepted unsigned", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: ATTESTATION_TYP, kid: key.kid })}.${b64(claimsOf())}.`;
    expect((await verify(unsigned)).verdict).toMatchObject({ valid: false, code: "malformed" });
  });
});

describe("the published key set", () => {
  it("never contains d: not the current key's, not a retired key given with its private half", async () => {
    const retired = await generateSigningKey();
    const leaky = createApp({
      ...stack.common,
      render: renderDocument,
      // A careless operator hands over a retired key with its private half: only the public one is published.
      attestation: { key, retired: [retired] },
    });
    const text = await (await leaky.request(`${BASE}${ATTESTATION_PATHS.keys}`)).text();
    expect(JSON.parse(text)).toEqual({ keys: [publicJwk(key), publicJwk(retired)] });
    expect(text).not.toMatch(/"d"/);
    expect(text).not.toContain(key.d);
    expect(text).not.toContain(retired.d);
  });
});
