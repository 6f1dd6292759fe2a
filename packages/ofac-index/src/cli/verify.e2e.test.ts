import { execFile, spawnSync } from "node:child_process";
import { createPrivateKey, sign } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type AttestationClaims,
  attestationClaims,
  canonicalJson,
  generateSigningKey,
  publicJwks,
  type SigningKey,
  signAttestation,
} from "@svc/attestations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexOf } from "../test-support/editions.js";
import { bytes, LocalHttpServer, status } from "../test-support/local-http-server.js";
import { XML } from "../test-support/shared-data.js";

const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const EDITION_2025_11_19 = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
/** Lazarus Group (ETH), a Bitcoin address (XBT), one listed under ETH and USDT, one clear. */
const ADDRESSES = [
  "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
  "123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX",
  "0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff",
  "0x0000000000000000000000000000000000000001",
];

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The verdict line (stdout's first) and the JSON after it. */
function verdict(stdout: string): { line: string; json: Record<string, unknown> } {
  const newline = stdout.indexOf("\n");
  return { line: stdout.slice(0, newline), json: JSON.parse(stdout.slice(newline + 1)) };
}

/** The same, without blocking this process: the key set server of a test runs in it. */
function runAsync(...args: string[]): Promise<ReturnType<typeof run>> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: "utf8" }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

let dir: string;
let key: SigningKey;
let retired: SigningKey;
let stranger: SigningKey;
let claims: AttestationClaims;
let jws: string;
/** The service's published key set: the current key and the retired one. */
let keysFile: string;
let server: LocalHttpServer;

/** Writes `text` to a file of the test folder and returns its path. */
async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const b64 = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");
const parts = (token: string) => token.split(".") as [string, string, string];

/** An Ed25519 JWS over any header and payload bytes (what a forger or a sloppy issuer makes). */
function signRaw(header: object, payload: Uint8Array | string, signer: SigningKey): string {
  const input = `${b64(JSON.stringify(header))}.${b64(payload)}`;
  const privateKey = createPrivateKey({ key: { ...signer }, format: "jwk" });
  return `${input}.${b64(sign(null, Buffer.from(input), privateKey))}`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ofac-verify-"));
  [key, retired, stranger] = await Promise.all([
    generateSigningKey(),
    generateSigningKey(),
    generateSigningKey(),
  ]);
  // A real screening of the real 2025-11-19 edition, attested as the service will attest it.
  const index = await indexOf(XML["2025-11-19b"]);
  claims = attestationClaims({
    baseUrl: "https://screening.example.com",
    issuedAt: "2026-11-23T09:00:00.000Z",
    screening: index.screenMany(ADDRESSES, { asset: "ETH" }),
    payment: { transactionHash: `0x${"ab".repeat(32)}`, network: "eip155:8453" },
  });
  jws = await signAttestation(claims, key);
  keysFile = await file("jwks.json", JSON.stringify(publicJwks([key, retired])));
  server = await LocalHttpServer.start();
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("ofac-index verify: what holds exits 0", () => {
  it("verify prints valid as its first line, then the verdict with the claims and kid", () => {
    const r = run("verify", jws, "--keys", keysFile);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith("valid\n{")).toBe(true);
    expect(verdict(r.stdout).json).toEqual({ valid: true, claims, kid: key.kid });
    expect(claims.list.datasetSha256).toBe(EDITION_2025_11_19);
    expect(claims.result.map((x) => [x.status, x.entryIds, x.tickers])).toEqual([
      ["match", ["27307"], ["ETH"]],
      ["match", ["36216"], ["XBT"]],
      ["match", ["33151"], ["ETH", "USDT"]],
      ["clear", [], []],
    ]);
  });

  it("re-screens on the attested edition with --list: same SHA-256, same answers", () => {
    const r = run("verify", jws, "--keys", keysFile, "--list", XML["2025-11-19b"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const { line, json } = verdict(r.stdout);
    expect(line).toBe("valid");
    const { edition } = json as { edition: Record<string, unknown> };
    expect(edition).toMatchObject({ holds: true, sameEdition: true, reasons: [] });
    expect(edition.addresses).toHaveLength(4);
  });

  it("reads the JWS from a file, alone or in a saved answer, and the keys from a URL", async () => {
    const alone = await file("attestation.jws", `${jws}\n`);
    const answer = await file("answer.json", JSON.stringify({ summary: {}, attestation: jws }));
    server.route("/.well-known/jwks.json", bytes(Buffer.from(JSON.stringify(publicJwks([key])))));
    const url = server.url("/.well-known/jwks.json");
    expect(run("verify", alone, "--keys", keysFile).code).toBe(0);
    expect((await runAsync("verify", answer, "--keys", url)).code).toBe(0);
  });

  it("reads a JWS copied from a printed appendix, in 64-character lines", async () => {
    const printed = await file("printed.txt", `${jws.match(/.{1,64}/g)?.join("\n")}\n`);
    const r = run("verify", printed, "--keys", keysFile);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(verdict(r.stdout).json.kid).toBe(key.kid);
  });

  it("verifies evidence signed before a rotation while the retired key stays published", async () => {
    const old = await signAttestation(claims, retired);
    const r = run("verify", old, "--keys", keysFile);
    expect(r.code).toBe(0);
    expect(verdict(r.stdout)).toMatchObject({ line: "valid", json: { kid: retired.kid } });
    const withoutRetired = await file("current-only.json", JSON.stringify(publicJwks([key])));
    const gone = run("verify", old, "--keys", withoutRetired);
    expect(gone.code).toBe(1);
    expect(verdict(gone.stdout).line).toMatch(/^invalid unknown_kid: /);
  });
});

describe("ofac-index verify: each failure prints invalid <CODE> first, exit 1", () => {
  /** The verdict of the API for a refusal: `invalid <code>: <reason>`, then {valid, code, reason}. */
  const refused = (r: ReturnType<typeof run>, code: string) => {
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    const { line, json } = verdict(r.stdout);
    expect(line).toMatch(new RegExp(`^invalid ${code}: \\S`));
    expect(json).toEqual({ valid: false, code, reason: line.slice(`invalid ${code}: `.length) });
  };

  it("one changed byte of the payload: bad_signature", () => {
    const [header, payload, signature] = parts(jws);
    const bytes = Buffer.from(payload, "base64url");
    bytes[bytes.indexOf('"clear"') + 1] = "C".charCodeAt(0);
    refused(
      run("verify", `${header}.${b64(bytes)}.${signature}`, "--keys", keysFile),
      "bad_signature",
    );
  });

  it("one changed byte of the signature: bad_signature", () => {
    const [header, payload, signature] = parts(jws);
    const bytes = Buffer.from(signature, "base64url");
    bytes[0] = (bytes[0] as number) ^ 0x80;
    refused(
      run("verify", `${header}.${payload}.${b64(bytes)}`, "--keys", keysFile),
      "bad_signature",
    );
  });

  it("an unknown kid: unknown_kid", async () => {
    refused(
      run("verify", await signAttestation(claims, stranger), "--keys", keysFile),
      "unknown_kid",
    );
  });

  it("the payload re-signed with another key under the service's kid: bad_signature", async () => {
    const forged = await signAttestation(claims, { ...stranger, kid: key.kid });
    const r = run("verify", forged, "--keys", keysFile);
    refused(r, "bad_signature");
    expect(verdict(r.stdout).line).toContain(`does not verify with key "${key.kid}"`);
  });

  it("a payload that is not the canonical JSON of its claims: not_canonical", () => {
    const header = { alg: "EdDSA", kid: key.kid, typ: "ofac-attestation+jwt" };
    refused(
      run("verify", signRaw(header, JSON.stringify(claims, null, 1), key), "--keys", keysFile),
      "not_canonical",
    );
    expect(
      run("verify", signRaw(header, canonicalJson(claims), key), "--keys", keysFile).code,
    ).toBe(0);
  });

  it("canonical claims of another shape: bad_claims", () => {
    const header = { alg: "EdDSA", kid: key.kid, typ: "ofac-attestation+jwt" };
    const payload = canonicalJson({ ...claims, version: 2 });
    refused(run("verify", signRaw(header, payload, key), "--keys", keysFile), "bad_claims");
  });

  it("a file that holds no JWS: malformed", async () => {
    refused(run("verify", await file("junk.txt", "a.b.c\n"), "--keys", keysFile), "malformed");
  });

  it("an edition whose SHA-256 is not the attested one (--list 2024-05-28): invalid edition_mismatch", () => {
    const r = run("verify", jws, "--keys", keysFile, "--list", XML["2024-05-28"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    const { line, json } = verdict(r.stdout);
    expect(line).toMatch(
      /^invalid edition_mismatch: the edition's SHA-256 is [0-9a-f]{64} \(2024-05-28\), not the attested 36c517bd[0-9a-f]{56} \(2025-11-19\)/,
    );
    expect(json).toMatchObject({ valid: false, code: "edition_mismatch", kid: key.kid, claims });
    expect(json.edition).toMatchObject({
      holds: false,
      sameEdition: false,
      attestedSha256: EDITION_2025_11_19,
      datasetDate: "2024-05-28",
    });
  });

  it("claims signed by the service that the attested edition contradicts: invalid result_mismatch", async () => {
    // Lazarus Group's address attested clear: the signature holds, the 2025-11-19 edition does not.
    const [lazarus, ...rest] = claims.result;
    const wrong = {
      ...claims,
      result: [{ ...lazarus, status: "clear", entryIds: [], tickers: [] }, ...rest],
    } as AttestationClaims;
    const signed = await signAttestation(wrong, key);
    expect(run("verify", signed, "--keys", keysFile).stdout.split("\n")[0]).toBe("valid");
    const r = run("verify", signed, "--keys", keysFile, "--list", XML["2025-11-19b"]);
    expect(r.code).toBe(1);
    const { line, json } = verdict(r.stdout);
    expect(line).toBe(
      `invalid result_mismatch: ${ADDRESSES[0]}: match, attested clear; SDN entries 27307, attested none; tickers ETH, attested none`,
    );
    expect(json).toMatchObject({ valid: false, code: "result_mismatch", kid: key.kid });
    expect(json.edition).toMatchObject({ holds: false, sameEdition: true });
  });

  it("a key set that cannot be read or holds a private key: no verdict, exit 1, no stack trace", async () => {
    server.route("/missing.json", status(404));
    server.route("/huge.json", bytes(Buffer.alloc(300 * 1024, 32)));
    const cases: Array<[string, RegExp]> = [
      [join(dir, "nothing.json"), /no such key set file/],
      [server.url("/missing.json"), /answered HTTP 404/],
      [server.url("/huge.json"), /larger than 262144 bytes/],
      [
        await file("private.json", JSON.stringify({ keys: [key] })),
        /^ofac-index: bad_key: keys\.0\.d: a published key set must not hold a private member/,
      ],
    ];
    for (const [keys, reason] of cases) {
      const r = await runAsync("verify", jws, "--keys", keys);
      expect(r.code, keys).toBe(1);
      expect(r.stdout, keys).toBe("");
      expect(r.stderr, keys).toMatch(reason);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("a wrong invocation exits 2, with no verdict", () => {
    for (const args of [
      [jws],
      ["--keys", keysFile],
      ["neither-a-jws-nor-a-file", "--keys", keysFile],
      [jws, jws, "--keys", keysFile],
    ]) {
      const r = run("verify", ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/\(run ofac-index verify --help for usage\)/);
    }
  });
});
