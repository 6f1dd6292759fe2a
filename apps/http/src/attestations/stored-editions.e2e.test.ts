import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  attestationClaims,
  generateSigningKey,
  type SigningKey,
  signAttestation,
} from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { diffEditions, type SdnIndex } from "@svc/ofac-index";
import { ListLoader, loadIndex, SnapshotStore } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { loaderEditions } from "../list/loader-editions.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import type { AttestationVerdict } from "./attestation-verdict.js";

// Evidence signed on an edition the service has since replaced: the verification route finds
// the attested edition in the service's snapshot store and screens the addresses again on it.
const XML = "../../../../../shared/data/ofac/xml";
const editionFile = (name: string) => new URL(`${XML}/${name}`, import.meta.url).pathname;
const BASE = "http://svc.test";

let stack: PaidStack;
let key: SigningKey;
let older: SdnIndex;
let newer: SdnIndex;
let loader: ListLoader;
let app: Hono;
const dir = mkdtempSync(join(tmpdir(), "svc-attested-editions-"));

beforeAll(async () => {
  stack = await startPaidStack();
  key = await generateSigningKey();
  older = await loadIndex(editionFile("sdn_advanced_2025-03-04_e1b6b13562.xml.gz"));
  newer = await loadIndex(editionFile("sdn_advanced_2025-11-19_3ed6690688.xml.gz"));
  const store = new SnapshotStore(dir);
  await store.put(older, new Date("2025-03-05T00:00:00Z"));
  await store.put(newer, new Date("2025-11-20T00:00:00Z"));
  // The service serves the newest stored edition; the older one is only in the store.
  loader = new ListLoader({ snapshotDir: dir, sampleFallback: false });
  await loader.start();
  app = createApp({
    ...stack.common,
    list: loader,
    storedEditions: loaderEditions(loader),
    render: renderDocument,
    attestation: { key, retired: [] },
  });
}, 240_000);
afterAll(async () => {
  await loader?.stop();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The service's attestation of `address` screened on `edition`, claiming `claimed`'s list. */
async function attested(address: string, edition: SdnIndex, claimed: SdnIndex = edition) {
  const screening = edition.screen(address);
  const claims = attestationClaims({
    baseUrl: BASE,
    screening: {
      ...screening,
      sourceFreshness: {
        ...screening.sourceFreshness,
        datasetSha256: claimed.meta.datasetSha256,
        datasetDate: claimed.meta.datasetDate,
      },
    },
    payment: { paymentId: "pay_0123456789abcdef0123456789abcdef" },
  });
  return signAttestation(claims, key);
}

async function verify(attestation: string): Promise<AttestationVerdict> {
  const res = await app.request(`${BASE}${ATTESTATION_PATHS.verify}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ attestation }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as AttestationVerdict;
}

/** An address the newer edition designates and the older one does not. */
const addedSinceOlder = () => {
  const added = diffEditions(older, newer).added[0];
  if (added === undefined) throw new Error("the two editions designate the same addresses");
  return added.address;
};

describe("verifying evidence signed on an edition the service has replaced", () => {
  it("the service serves the newer edition", () => {
    expect(loader.freshness().datasetSha256).toBe(newer.meta.datasetSha256);
  });

  it("an attestation on the older stored edition is re-screened on it and holds", async () => {
    const address = addedSinceOlder();
    const verdict = await verify(await attested(address, older));
    expect(verdict).toMatchObject({
      valid: true,
      edition: {
        checked: true,
        sameEdition: true,
        holds: true,
        attested: { datasetSha256: older.meta.datasetSha256, datasetDate: "2025-03-04" },
        addresses: [{ address, attested: { status: "clear" }, rescreened: { status: "clear" } }],
      },
    });
  });

  it("a newer answer attested on the older edition's SHA-256: result_mismatch, naming how it differs", async () => {
    const address = addedSinceOlder();
    const verdict = await verify(await attested(address, newer, older));
    expect(verdict).toMatchObject({
      valid: false,
      code: "result_mismatch",
      edition: {
        checked: true,
        sameEdition: true,
        holds: false,
        addresses: [{ attested: { status: "match" }, rescreened: { status: "clear" } }],
      },
    });
    expect(verdict.reason).toContain(`${address}: clear, attested match`);
  });
});
