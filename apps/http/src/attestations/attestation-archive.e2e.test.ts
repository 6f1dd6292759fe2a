import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  attestationFingerprint,
  generateSigningKey,
  type SigningKey,
  verifyAttestation,
} from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import type { AttestationStore } from "./attestation-store.js";

// The archive of issued attestations end to end: a paid EDD memo on the local chain, its JWS
// taken out of the PDF (pdfdetach) and the DOCX (unzip), checked by the library, by the CLI
// (`ofac-index verify <document>`) and by the free lookup, which answers the verdict of the
// verification route. The archive is the ledger's, on PGlite.
const BASE = "http://svc.test";
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const CLI = createRequire(import.meta.url)
  .resolve("@svc/ofac-index/package.json")
  .replace(/package\.json$/, "dist/cli/main.js");

let stack: PaidStack;
let key: SigningKey;
let ledger: PaymentLedger;
let app: Hono;
const dir = mkdtempSync(join(tmpdir(), "attestation-archive-"));

beforeAll(async () => {
  stack = await startPaidStack();
  key = await generateSigningKey();
  ledger = await openLedger();
  app = createApp({
    ...stack.common,
    render: renderDocument,
    attestation: { key, retired: [] },
    attestationArchive: ledger.attestationArchive(),
  });
});
afterAll(async () => {
  await ledger?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function paidMemo(format: "pdf" | "docx", payer: number, target = app) {
  const account = stack.devnet.payers[payer];
  if (account === undefined) throw new Error("no such payer");
  const pay = payingFetch(target.request, account.privateKey);
  const res = await pay(`${BASE}/api/workflows/compliance/edd-report`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      subject_name: "Northwind OTC Ltd",
      addresses: [LISTED, CLEAR],
      output_format: format,
    }),
  });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as {
    attestation: string;
    artifact: { contentBase64: string };
  };
  const file = join(dir, `memo-${payer}.${format}`);
  writeFileSync(file, Buffer.from(answer.artifact.contentBase64, "base64"));
  return { answer, file };
}

const lookup = (fingerprint: string, target = app) =>
  target.request(`${BASE}/api/attestations/${fingerprint}`);

const verifyRoute = async (jws: string) =>
  (
    await app.request(`${BASE}${ATTESTATION_PATHS.verify}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ attestation: jws }),
    })
  ).json();

/** `ofac-index verify <file> --keys <the app's key set>`: its exit code and first line. */
function cliVerify(file: string, keys: string): { code: number; verdict: string } {
  try {
    const out = execFileSync("node", [CLI, "verify", file, "--keys", keys], { encoding: "utf8" });
    return { code: 0, verdict: out.split("\n")[0] ?? "" };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, verdict: e.stdout.split("\n")[0] ?? "" };
  }
}

describe("an issued attestation, from the document to the archive", () => {
  let keysFile: string;
  beforeAll(async () => {
    keysFile = join(dir, "jwks.json");
    writeFileSync(keysFile, await (await app.request(`${BASE}${ATTESTATION_PATHS.keys}`)).text());
  });

  for (const [format, payer, extract] of [
    [
      "pdf",
      0,
      (file: string) => {
        const out = join(dir, "detached.jws");
        execFileSync("pdfdetach", ["-save", "1", "-o", out, file]);
        return readFileSync(out, "utf8");
      },
    ],
    [
      "docx",
      1,
      (file: string) =>
        execFileSync("unzip", ["-p", file, "attestation/attestation.jws"], { encoding: "utf8" }),
    ],
  ] as const) {
    it(`${format}: the extracted JWS verifies with the library, the CLI and the lookup, which answers the verify route's verdict`, async () => {
      const { answer, file } = await paidMemo(format, payer);
      const extracted = extract(file);
      expect(extracted).toBe(answer.attestation);
      const keys = JSON.parse(readFileSync(keysFile, "utf8"));
      expect((await verifyAttestation(extracted, keys)).kid).toBe(key.kid);
      expect(cliVerify(file, keysFile)).toEqual({ code: 0, verdict: "valid" });

      const fingerprint = attestationFingerprint(extracted);
      const res = await lookup(fingerprint);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as {
        fingerprint: string;
        attestation: string;
        verification: unknown;
      };
      expect(body.fingerprint).toBe(fingerprint);
      expect(body.attestation).toBe(extracted);
      expect(body.verification).toEqual(await verifyRoute(extracted));
      expect(body.verification).toMatchObject({
        valid: true,
        edition: { checked: true, holds: true },
      });
      // The grouped fingerprint, as printed (its spaces URL-encoded), and upper case, find it too.
      const grouped = fingerprint.match(/.{4}/g)?.join("%20") ?? "";
      expect((await lookup(grouped)).status).toBe(200);
      expect((await lookup(fingerprint.toUpperCase())).status).toBe(200);
    });
  }

  it("a document carrying no attestation is no verdict for the CLI", async () => {
    const plain = join(dir, "plain.pdf");
    writeFileSync(plain, "%PDF-1.4\n% not a document of the service\n");
    const { code } = cliVerify(plain, keysFile);
    expect(code).toBe(1);
  });
});

describe("GET /api/attestations/{fingerprint} refuses what it cannot answer", () => {
  it("404 ATTESTATION_NOT_FOUND for a fingerprint it did not issue", async () => {
    const res = await lookup("0".repeat(64));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "ATTESTATION_NOT_FOUND" });
  });

  it("400 INVALID_INPUT naming the fingerprint for one that is not 64 hex digits", async () => {
    for (const bad of ["abc", "g".repeat(64), "0".repeat(65)]) {
      const res = await lookup(bad);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; issues: { path: string }[] };
      expect(body.code).toBe("INVALID_INPUT");
      expect(body.issues[0]?.path).toBe("fingerprint");
    }
  });

  it("GET on the verification path is still 405 (POST)", async () => {
    const res = await lookup("verify");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("an archive that fails does not lose the paid answer: it is answered, and logged", async () => {
    const errors: object[] = [];
    const failing: AttestationStore = {
      archive: () => Promise.reject(new Error("the database is gone")),
      find: () => Promise.resolve(undefined),
    };
    const sink = { info() {}, warn() {}, error: (fields: object) => void errors.push(fields) };
    const flaky = createApp({
      ...stack.common,
      render: renderDocument,
      attestation: { key, retired: [] },
      attestationArchive: failing,
      eventLog: sink,
    });
    const { answer } = await paidMemo("pdf", 2, flaky);
    expect(typeof answer.attestation).toBe("string");
    expect(errors).toEqual([
      expect.objectContaining({
        event: "attestation_archive_failed",
        error: "the database is gone",
      }),
    ]);
    expect((await lookup(attestationFingerprint(answer.attestation), flaky)).status).toBe(404);
  });
});
