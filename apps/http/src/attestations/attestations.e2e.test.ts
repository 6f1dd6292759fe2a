import {
  type AttestationClaims,
  attestedResult,
  generateSigningKey,
  parseJwks,
  publicJwk,
  type SigningKey,
  signAttestation,
  verifyAttestation,
} from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import type { AttestationVerdict } from "./attestation-verdict.js";
import { serviceAttestationOf } from "./service-attestation.js";
import { loadSigningConfig } from "./signing-config.js";
import {
  recordingPayments,
  unverifiedClaims,
  withPayloadByteChanged,
  withSignatureByteChanged,
} from "./test-support/tamper.js";

// Screening attestations end to end: paid calls on the local chain, the attestation checked
// against the key set the app publishes, then the app's own verification route.
const BASE = "http://svc.test";
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";

let stack: PaidStack;
let key: SigningKey;
let app: Hono;

beforeAll(async () => {
  stack = await startPaidStack();
  key = await generateSigningKey();
  app = createApp({ ...stack.common, render: renderDocument, attestation: { key, retired: [] } });
});
afterAll(async () => {
  await stack?.stop();
});

/** Pays one request from payer `i` and keeps the authorization it paid with. */
async function paid(path: string, body?: unknown, i = 0) {
  const recording = recordingPayments(app);
  const payer = stack.devnet.payers[i];
  if (payer === undefined) throw new Error("no such payer");
  const pay = payingFetch(recording.fetch, payer.privateKey);
  const res = await pay(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the answer is read member by member below
  const answer = (await res.json()) as any;
  return { answer, authorization: recording.lastAuthorization(), payer: payer.address };
}

const keySet = async (target = app) =>
  parseJwks(await (await target.request(`${BASE}${ATTESTATION_PATHS.keys}`)).text());

const verifyOn = async (target: Hono, attestation: unknown): Promise<AttestationVerdict> => {
  const res = await target.request(`${BASE}${ATTESTATION_PATHS.verify}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ attestation }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as AttestationVerdict;
};
const verify = (attestation: unknown) => verifyOn(app, attestation);

/**
 * The payment the claims must name: the authorization the payer signed for this request, on
 * USDC of the devnet (addresses compared as hex numbers, whatever their checksum case).
 */
const expectPayment = (
  payment: AttestationClaims["payment"],
  authorization: { from: string; nonce: string },
) => {
  const hex = Object.fromEntries(
    Object.entries(payment).map(([name, value]) => [name, String(value).toLowerCase()]),
  );
  expect(hex).toEqual({
    network: "eip155:8453",
    asset: stack.devnet.usdc.address.toLowerCase(),
    payer: authorization.from.toLowerCase(),
    authorizationNonce: authorization.nonce.toLowerCase(),
  });
  // The nonce is written as lowercase hex (what the claims' schema requires).
  expect((payment as { authorizationNonce: string }).authorizationNonce).toBe(
    authorization.nonce.toLowerCase(),
  );
};

let screenAttestation: string;

describe("a paid screening's attestation, checked against /.well-known/jwks.json", () => {
  it("GET /api/ofac-wallet-screen/:address: the attestation verifies, its claims are the answer's and name the payer and nonce", async () => {
    const { answer, authorization, payer } = await paid(`/api/ofac-wallet-screen/${LISTED}`);
    expect(typeof answer.attestation).toBe("string");
    screenAttestation = answer.attestation;
    const { claims, kid } = await verifyAttestation(answer.attestation, await keySet());
    expect(kid).toBe(key.kid);
    expect(claims.baseUrl).toBe(BASE);
    expect(claims.request).toEqual({
      addresses: [{ address: LISTED, normalizedAddress: LISTED.toLowerCase() }],
      asset: null,
    });
    expect(claims.result).toEqual([attestedResult(answer.data)]);
    expect(claims.result[0]?.status).toBe("match");
    const freshness = stack.loader.freshness();
    expect(claims.list).toMatchObject({
      datasetSha256: freshness.datasetSha256,
      datasetDate: freshness.datasetDate,
      sample: true,
    });
    expectPayment(claims.payment, authorization);
    expect(authorization.from).toBe(payer);
  });

  it("POST batch: one attestation for the batch, one result per address in request order", async () => {
    const { answer, authorization } = await paid(
      "/api/workflows/compliance/batch-wallet-screen",
      { addresses: [LISTED, CLEAR] },
      1,
    );
    const { claims } = await verifyAttestation(answer.attestation, await keySet());
    expect(claims.request.addresses.map((a) => a.address)).toEqual([LISTED, CLEAR]);
    expect(claims.result).toEqual(answer.data.results.map(attestedResult));
    expect(claims.result.map((r) => r.status)).toEqual(["match", "clear"]);
    expectPayment(claims.payment, authorization);
  });

  it("the key set is public, cacheable for five minutes, and holds the service's key without d", async () => {
    const res = await app.request(`${BASE}${ATTESTATION_PATHS.keys}`);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/jwk-set\+json/);
    expect(await res.json()).toEqual({ keys: [publicJwk(key)] });
  });
});

describe("POST /api/attestations/verify", () => {
  it("a paid answer's attestation is valid, and its addresses get their attested answers on the attested edition", async () => {
    const verdict = await verify(screenAttestation);
    expect(verdict).toMatchObject({
      valid: true,
      kid: key.kid,
      claims: unverifiedClaims(screenAttestation),
      edition: { checked: true, sameEdition: true, holds: true, reasons: [] },
    });
    expect(verdict.code).toBeUndefined();
  });

  it("a JWS copied from a printed appendix, in 64-character lines, is the same attestation", async () => {
    const printed = screenAttestation.match(/.{1,64}/g)?.join("\n");
    expect(await verify(printed)).toMatchObject({ valid: true, kid: key.kid });
  });

  it("one changed byte of the payload: bad_signature (the signature covers the payload as sent)", async () => {
    // Byte 20 is the "v" of the baseUrl http://svc.test: the payload stays canonical, well-formed
    // claims (http://swc.test), only not the ones signed.
    const verdict = await verify(withPayloadByteChanged(screenAttestation, 20));
    expect(verdict).toMatchObject({ valid: false, code: "bad_signature" });
    expect(verdict.claims).toBeUndefined();
  });

  it("one changed byte of the signature: bad_signature", async () => {
    expect(await verify(withSignatureByteChanged(screenAttestation, 10))).toMatchObject({
      valid: false,
      code: "bad_signature",
    });
  });

  it("a payload re-signed with another key (its own kid): unknown_kid; under the service's kid: bad_signature", async () => {
    const claims = unverifiedClaims(screenAttestation);
    const other = await generateSigningKey();
    expect(await verify(await signAttestation(claims, other))).toMatchObject({
      valid: false,
      code: "unknown_kid",
    });
    expect(await verify(await signAttestation(claims, { ...other, kid: key.kid }))).toMatchObject({
      valid: false,
      code: "bad_signature",
    });
  });

  it("an attested edition whose SHA-256 the service does not hold: signature valid, edition_unavailable, not re-screened", async () => {
    const claims: AttestationClaims = {
      ...unverifiedClaims(screenAttestation),
      list: {
        datasetSha256: "ab".repeat(32),
        datasetDate: "2025-01-01",
        sourceUrl: "https://sanctionslistservice.ofac.treas.gov/api/download/SDN_ADVANCED.XML",
      },
    };
    const verdict = await verify(await signAttestation(claims, key));
    expect(verdict).toMatchObject({
      valid: true,
      edition: {
        checked: false,
        code: "edition_unavailable",
        attested: { datasetSha256: "ab".repeat(32), datasetDate: "2025-01-01" },
      },
    });
    expect(verdict.edition?.reasons[0]).toMatch(/does not hold the attested edition/);
  });

  it("claims signed by the service's key whose result the attested edition contradicts: result_mismatch", async () => {
    const original = unverifiedClaims(screenAttestation);
    const claims: AttestationClaims = {
      ...original,
      result: original.result.map((r) => ({ ...r, status: "clear", entryIds: [], tickers: [] })),
    };
    const verdict = await verify(await signAttestation(claims, key));
    expect(verdict).toMatchObject({
      valid: false,
      code: "result_mismatch",
      edition: { checked: true, sameEdition: true, holds: false },
    });
    expect(verdict.reason).toMatch(/match, attested clear/);
  });

  it("a rotated key: a service whose SIGNING_KEY is new and SIGNING_KEYS_RETIRED holds the old public key still verifies old evidence", async () => {
    const newKey = await generateSigningKey();
    const rotated = createApp({
      ...stack.common,
      render: renderDocument,
      attestation: await serviceAttestationOf(
        loadSigningConfig(
          {
            SIGNING_KEY: JSON.stringify(newKey),
            SIGNING_KEYS_RETIRED: JSON.stringify({ keys: [publicJwk(key)] }),
          },
          { production: true, cwd: "/nonexistent" },
        ),
      ),
    });
    expect((await keySet(rotated)).keys.map((k) => k.kid)).toEqual([newKey.kid, key.kid]);
    expect(await verifyOn(rotated, screenAttestation)).toMatchObject({ valid: true, kid: key.kid });
    // Without the retired key, the old evidence names a key the service no longer publishes.
    const forgetful = createApp({
      ...stack.common,
      render: renderDocument,
      attestation: { key: newKey, retired: [] },
    });
    expect(await verifyOn(forgetful, screenAttestation)).toMatchObject({
      valid: false,
      code: "unknown_kid",
    });
  });

  it("the EDD memo as PDF through the route: the answer's attestation verifies and is valid", async () => {
    const { answer, authorization } = await paid(
      "/api/workflows/compliance/edd-report",
      { subject_name: "Northwind OTC Ltd", addresses: [LISTED, CLEAR], output_format: "pdf" },
      2,
    );
    expect(answer.output_format).toBe("pdf");
    const { claims } = await verifyAttestation(answer.attestation, await keySet());
    expect(claims.request.addresses.map((a) => a.address)).toEqual([LISTED, CLEAR]);
    expectPayment(claims.payment, authorization);
    expect(await verify(answer.attestation)).toMatchObject({
      valid: true,
      edition: { checked: true, holds: true },
    });
  });
});

describe("POST /api/attestations/verify refuses bad requests with a code and the field path", () => {
  const post = (body: string, type = "application/json") =>
    app.request(`${BASE}${ATTESTATION_PATHS.verify}`, {
      method: "POST",
      headers: { "Content-Type": type },
      body,
    });

  it("400 INVALID_INPUT naming the member: missing, not a string, empty, or an unknown member", async () => {
    const cases: [unknown, string][] = [
      [{}, "attestation"],
      [{ attestation: 42 }, "attestation"],
      [{ attestation: "" }, "attestation"],
      [{ attestation: "a.b.c", extra: 1 }, "extra"],
      [["a.b.c"], ""],
    ];
    for (const [body, path] of cases) {
      const res = await post(JSON.stringify(body));
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { code: string; issues: { path: string }[] };
      expect(problem.code).toBe("INVALID_INPUT");
      expect(problem.issues[0]?.path).toBe(path);
    }
  });

  it("400 MALFORMED_JSON and 415 for a body that is not JSON", async () => {
    expect((await post("{not json")).status).toBe(400);
    const wrongType = await post(JSON.stringify({ attestation: "a.b.c" }), "text/plain");
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("a string that is not a JWS is a verdict, not an error: malformed", async () => {
    expect(await verify("not a jws")).toMatchObject({ valid: false, code: "malformed" });
  });
});
