import {
  type AttestationClaims,
  attestationFingerprint,
  generateSigningKey,
  groupedFingerprint,
  type Jwks,
  publicJwks,
  type SigningKey,
  verifyAttestation,
} from "@svc/attestations";
import type { AddressScreening, SourceFreshness } from "@svc/ofac-index";
import type { ReportModelInput } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { type Attest, attesterFor, authorizationPayment } from "../../attestation/attest.js";
import { attestationUrls } from "../../attestation/attestation-paths.js";
import type { ComplianceDeps } from "../../catalog/deps.js";
import type { Operation } from "../../catalog/operation.js";
import {
  base64Runs,
  docxAttachedJws,
  pdfAttachedJws,
} from "../../test-support/attached-attestation.js";
import { CLEAR, LISTED, realEditionDeps } from "../../test-support/document-set.mjs";
import { docxParagraphs, pdfPages } from "../../test-support/documents.js";
import { batchWalletScreen } from "./batch-wallet-screen.js";
import { eddReport } from "./edd-report.js";
import { ofacWalletScreen } from "./ofac-wallet-screen.js";
import { walletSanctionsReport } from "./wallet-sanctions-report.js";

/**
 * The four screening operations run as a paid call of the hosted service runs them (given an
 * `attest` bound to the payment's authorization) on OFAC's real 2025-11-19 edition: each answer
 * carries a JWS that verifies against the service's published keys and attests exactly what the
 * answer says, and the documents print that JWS whole. Without `attest`, nothing of it appears.
 */

const BASE_URL = "https://screening.example.com";
/** A payment as the paid-call path hands it to a run (its scheme's one spelling): Base Sepolia USDC, an EIP-3009 authorization. */
const AUTHORIZATION = {
  network: "eip155:84532",
  asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
  payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
  nonce: `0x${"5a".repeat(32)}`,
};

let deps: ComplianceDeps;
let key: SigningKey;
let jwks: Jwks;
let attest: Attest;
beforeAll(async () => {
  deps = await realEditionDeps();
  key = await generateSigningKey();
  jwks = publicJwks([key]);
  attest = attesterFor({ key, baseUrl: BASE_URL, payment: authorizationPayment(AUTHORIZATION) });
});

/** Runs an operation on a body as its route does: parsed by its input schema first. */
/**
 * What these tests read of an answer, whichever operation gave it (the members an answer form
 * does not have are absent).
 */
interface Answer {
  readonly attestation?: string;
  readonly report: ReportModelInput;
  readonly data: {
    readonly query: { readonly normalizedAddress: string; readonly asset: string | null };
    readonly summary: { readonly status: string };
    readonly sourceFreshness: SourceFreshness;
    readonly results: readonly AddressScreening[];
    readonly screening: {
      readonly results: readonly AddressScreening[];
      readonly sourceFreshness: SourceFreshness;
    };
  } & AddressScreening;
  readonly artifact: { readonly contentBase64: string };
}

/** Runs an operation on a body as its route does: parsed by its input schema first. */
async function run<Input, Output>(
  op: Operation<Input, Output>,
  body: object,
  signed: boolean,
): Promise<Answer> {
  const input = v.parse(op.input, body);
  return (await op.run(input, deps, signed ? { attest } : {})) as unknown as Answer;
}

/** What the attestation must say of one screened address, read off the answer itself. */
const resultOf = (r: AddressScreening) => ({
  normalizedAddress: r.query.normalizedAddress,
  status: r.summary.status,
  entryIds: [...new Set(r.matches.map((m) => m.entryId))].sort(),
  tickers: [...new Set(r.matches.map((m) => m.asset))].sort(),
});

/** The answer's JWS, verified with the service's published keys: its claims. */
async function verifiedClaims(answer: Answer): Promise<AttestationClaims> {
  expect(answer.attestation).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const verified = await verifyAttestation(answer.attestation ?? "", jwks);
  expect(verified.kid).toBe(key.kid);
  return verified.claims;
}

/** The members every attestation of these runs shares: the service, the list and the payment. */
function expectServiceListAndPayment(claims: AttestationClaims, freshness: SourceFreshness) {
  expect(claims.baseUrl).toBe(BASE_URL);
  expect(claims.list).toEqual({
    datasetSha256: freshness.datasetSha256,
    datasetDate: "2025-11-19",
    sourceUrl: freshness.sourceUrl,
  });
  expect(claims.payment).toEqual({
    network: AUTHORIZATION.network,
    asset: AUTHORIZATION.asset.toLowerCase(),
    payer: AUTHORIZATION.payer.toLowerCase(),
    authorizationNonce: AUTHORIZATION.nonce.toLowerCase(),
  });
}

/** The attestation the report carries to its documents (the model's `attestation` member). */
const appendixJws = (report: ReportModelInput): string | undefined => report.attestation;

describe("a signed screening: the answer's attestation verifies and says what the answer says", () => {
  it("ofac_wallet_screen: the status, entry ids and tickers of the one address", async () => {
    const answer = await run(ofacWalletScreen, { address: LISTED.XMR }, true);
    const claims = await verifiedClaims(answer);
    expect(answer.data.summary.status).toBe("match");
    expect(claims.request).toEqual({
      addresses: [{ address: LISTED.XMR, normalizedAddress: answer.data.query.normalizedAddress }],
      asset: null,
    });
    expect(claims.result).toEqual([resultOf(answer.data)]);
    expect(claims.result[0]?.entryIds.length).toBeGreaterThan(0);
    expectServiceListAndPayment(claims, answer.data.sourceFreshness);
    expect(appendixJws(answer.report)).toBe(answer.attestation);
  });

  it("wallet_sanctions_report: the same, with the asset filter as given", async () => {
    const answer = await run(
      walletSanctionsReport,
      { address: LISTED.ETH_LAZARUS, asset: "eth" },
      true,
    );
    const claims = await verifiedClaims(answer);
    expect(claims.request.asset).toBe(answer.data.query.asset);
    expect(claims.request.addresses).toEqual([
      { address: LISTED.ETH_LAZARUS, normalizedAddress: LISTED.ETH_LAZARUS?.toLowerCase() },
    ]);
    expect(claims.result).toEqual([resultOf(answer.data)]);
    expect(claims.result[0]?.tickers).toContain("ETH");
    expectServiceListAndPayment(claims, answer.data.sourceFreshness);
    expect(appendixJws(answer.report)).toBe(answer.attestation);
  });

  it("batch_wallet_screen: one result per address, in request order, matches and clears", async () => {
    const addresses = [LISTED.ETH_LAZARUS, CLEAR.ETH, LISTED.XBT_BECH32, LISTED.ETH_LAZARUS];
    const answer = await run(batchWalletScreen, { addresses }, true);
    const claims = await verifiedClaims(answer);
    expect(claims.request.addresses.map((a) => a.address)).toEqual(addresses);
    expect(claims.result).toEqual(answer.data.results.map(resultOf));
    expect(claims.result.map((r) => r.status)).toEqual(["match", "clear", "match", "match"]);
    expectServiceListAndPayment(claims, answer.data.sourceFreshness);
    expect(appendixJws(answer.report)).toBe(answer.attestation);
  });

  it("edd_report: the JSON memo, the rendered memo and the file alone each carry one", async () => {
    const body = {
      subject_name: "Northwind OTC Ltd",
      addresses: [LISTED.ETH_LAZARUS, LISTED.TRX, CLEAR.XBT],
    };
    const json = await run(eddReport, { ...body, output_format: "json" }, true);
    const claims = await verifiedClaims(json);
    expect(claims.result).toEqual(json.data.screening.results.map(resultOf));
    expect(claims.result.map((r) => r.status)).toEqual(["match", "match", "clear"]);
    expectServiceListAndPayment(claims, json.data.screening.sourceFreshness);
    expect(appendixJws(json.report)).toBe(json.attestation);

    const pdf = await run(eddReport, { ...body, output_format: "pdf" }, true);
    expect((await verifiedClaims(pdf)).result).toEqual(claims.result);
    expect(appendixJws(pdf.report)).toBe(pdf.attestation);
    const fileAlone = await run(
      eddReport,
      { ...body, output_format: "docx", artifact_only: true },
      true,
    );
    expect(Object.keys(fileAlone).sort()).toEqual([
      "artifact",
      "artifact_summary",
      "attestation",
      "output_format",
      "source",
      "success",
    ]);
    expect((await verifiedClaims(fileAlone)).result).toEqual(claims.result);
  });
});

describe("the EDD memo carries its attestation and prints its evidence", () => {
  const body = {
    subject_name: "Northwind OTC Ltd",
    case_name: "EDD - Northwind OTC onboarding",
    addresses: [LISTED.ETH_LAZARUS, CLEAR.ETH],
  };

  it("as PDF: the JWS attached (pdfdetach), verifying; its fingerprint, kid and lookup URL printed, no base64", async () => {
    const answer = await run(eddReport, { ...body, output_format: "pdf" }, true);
    const jws = answer.attestation as string;
    const attached = pdfAttachedJws(Buffer.from(answer.artifact.contentBase64, "base64"));
    expect(attached).toBe(jws);
    const verified = await verifyAttestation(attached ?? "", jwks);
    expect(verified.kid).toBe(key.kid);

    const pages = pdfPages(answer.artifact.contentBase64, { layout: true });
    const text = pages.join("\n");
    const fingerprint = attestationFingerprint(jws);
    const grouped = groupedFingerprint(fingerprint);
    for (const needed of [
      key.kid,
      grouped.slice(0, 39),
      grouped.slice(40),
      `${BASE_URL}/api/attestations/${fingerprint}`,
      attestationUrls(BASE_URL).keysUrl,
      "ofac-index verify",
    ]) {
      expect(text).toContain(needed);
    }
    expect(base64Runs(text)).toEqual([]);
  });

  it("as DOCX: the JWS a package part (unzip), verifying; its kid and fingerprint in the text", async () => {
    const answer = await run(eddReport, { ...body, output_format: "docx" }, true);
    const jws = answer.attestation as string;
    const attached = docxAttachedJws(Buffer.from(answer.artifact.contentBase64, "base64"));
    expect(attached).toBe(jws);
    expect((await verifyAttestation(attached ?? "", jwks)).kid).toBe(key.kid);
    const paragraphs = await docxParagraphs(answer.artifact.contentBase64);
    expect(paragraphs).toContain(key.kid);
    const grouped = groupedFingerprint(attestationFingerprint(jws));
    expect(paragraphs).toContain(grouped.slice(0, 39));
    expect(base64Runs(paragraphs.join("\n"))).toEqual([]);
  });
});

describe("an unsigned screening (no attest): answers and reports as before", () => {
  const appendixSheets = (report: ReportModelInput) =>
    report.attestation === undefined ? [] : [report.attestation];

  it("no attestation member and no attestation appendix, in any of the four operations", async () => {
    const answers = [
      await run(ofacWalletScreen, { address: LISTED.XMR }, false),
      await run(walletSanctionsReport, { address: LISTED.XMR }, false),
      await run(batchWalletScreen, { addresses: [LISTED.XMR, CLEAR.ETH] }, false),
      await run(
        eddReport,
        { subject_name: "Acme", addresses: [LISTED.XMR], output_format: "json" },
        false,
      ),
      await run(
        eddReport,
        { subject_name: "Acme", addresses: [LISTED.XMR], output_format: "pdf" },
        false,
      ),
    ];
    for (const answer of answers) {
      expect(answer).not.toHaveProperty("attestation");
      expect(appendixSheets(answer.report)).toEqual([]);
    }
    const memo = await run(
      eddReport,
      { subject_name: "Acme", addresses: [LISTED.XMR], output_format: "pdf", artifact_only: true },
      false,
    );
    expect(memo).not.toHaveProperty("attestation");
    const text = pdfPages(memo.artifact.contentBase64).join("\n");
    expect(text).not.toContain("Screening attestation");
    expect(pdfAttachedJws(Buffer.from(memo.artifact.contentBase64, "base64"))).toBeUndefined();
    expect(text).not.toContain("JWS");
  });
});
