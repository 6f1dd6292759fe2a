import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import {
  type AttestationClaims,
  attestationFingerprint,
  generateSigningKey,
  groupedFingerprint,
  publicJwks,
  type SigningKey,
  verifyAttestation,
} from "@svc/attestations";
import type { ComplianceDeps } from "@svc/compliance";
import { baseTerms, createPaymentServer, MCP_PAYMENT_META } from "@svc/payments";
import {
  type CallResult,
  connectTestClient,
  GENERATIONS,
  type McpTestClient,
} from "@svc/test-support/mcp-client";
import { payloadFor } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANY_CALLER } from "../http/caller-policy.js";
import { createMcpHttpHost, type McpHttpHost } from "../http/mcp-http-host.js";
import { outputSchemaOf } from "../server/tool-listing.js";
import { pdfText, resourcesOf } from "../test-support/read-documents.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";

// The hosted MCP host with the service's signing key, on a real local chain and facilitator, and
// the SDK's clients paying as agents do: a paid screening answer carries an attestation signed
// before settlement, bound to the payment's authorization (payer and nonce); nothing unpaid is
// signed, and the standalone server (free, no key) signs nothing.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x0000000000000000000000000000000000000001";
const BASE_URL = "https://screening.example";
/** Where the clients send their requests: each is handed to the host in this process. */
const HOST_MCP = "http://mcp.test/mcp";
const MiB = 1024 * 1024;

let devnet: Devnet;
let deps: ComplianceDeps;
let key: SigningKey;
beforeAll(async () => {
  [devnet, deps, key] = await Promise.all([
    startDevnet({ payers: 2 }),
    sampleDeps(),
    generateSigningKey(),
  ]);
});
afterAll(async () => {
  await devnet?.stop();
});

/** What the claims say of one screened address, read from the tool's own answer. */
interface ScreenedByTool {
  readonly query: { readonly address: string; readonly normalizedAddress: string };
  readonly summary: { readonly status: string };
  readonly matches?: readonly { readonly entryId: string; readonly asset: string }[];
}
interface BatchByTool {
  readonly query: { readonly asset: string | null };
  readonly results: readonly ScreenedByTool[];
  readonly sourceFreshness: { readonly datasetSha256: string; readonly datasetDate: string };
}

const sortedDistinct = (items: readonly string[]) => [...new Set(items)].sort();

/** The attested results as the tool answered them: status, SDN entry ids and tickers per address. */
const resultsOf = (batch: BatchByTool) =>
  batch.results.map((r) => ({
    normalizedAddress: r.query.normalizedAddress,
    status: r.summary.status,
    entryIds: sortedDistinct((r.matches ?? []).map((m) => m.entryId)),
    tickers: sortedDistinct((r.matches ?? []).map((m) => m.asset)),
  }));

const payerKey = (i: number): Hex => devnet.payers[i]!.privateKey;
const authorizationOf = (payment: PaymentPayload) =>
  (payment.payload as { authorization: { from: string; nonce: string } }).authorization;
const structured = (r: CallResult) => r.structuredContent as Record<string, unknown>;
const textOf = (r: CallResult) =>
  JSON.parse((r.content as { type: string; text: string }[])[0]!.text) as Record<string, unknown>;

/**
 * The hosted host: paid, signing with `signingKey` (default: the service's key), this request's
 * base URL given as the API gives it; tool faults noted in `faults`.
 */
const hostedHost = (signingKey: SigningKey = key, faults: unknown[] = []): McpHttpHost =>
  createMcpHttpHost({
    deps,
    payments: {
      server: createPaymentServer(devnet.facilitator),
      terms: [baseTerms(devnet.payTo)],
      signingKey,
    },
    maxBodyBytes: MiB,
    callers: ANY_CALLER,
    log: {
      requests: false,
      sink: {
        info: () => {},
        warn: () => {},
        error: (fields) => faults.push((fields as { err?: unknown }).err),
      },
    },
  });

describe.each(GENERATIONS)(
  "the hosted host's paid screening tools, to a client of MCP %s",
  (generation) => {
    let client: McpTestClient;
    let validate: (tool: string, content: unknown) => boolean;
    beforeAll(async () => {
      const host = hostedHost();
      client = await connectTestClient(HOST_MCP, generation, {
        answer: (request) => host(request, { baseUrl: BASE_URL }),
      });
      // Each structured result is checked against the tool's output schema (the server card's).
      const ajv = new AjvJsonSchemaValidator();
      validate = (tool, content) =>
        ajv.getValidator(outputSchemaOf(TOOLS.find((t) => t.name === tool)!))(content).valid;
    });
    afterAll(async () => client?.close());

    /**
     * Calls `tool` unpaid (asked for payment, nothing signed), then paid by payer `i`: the paid
     * answer, its attestation's verified claims, and the authorization it paid with.
     */
    async function paidCall(tool: string, args: Record<string, unknown>, i = 0) {
      const unpaid = await client.callTool({ name: tool, arguments: args });
      expect(unpaid.isError).toBe(true);
      expect(structured(unpaid).attestation).toBeUndefined();
      const required = unpaid.structuredContent as unknown as PaymentRequired;
      const payment = await payloadFor(required, payerKey(i));
      const paid = await client.callTool({
        name: tool,
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
      expect(validate(tool, paid.structuredContent)).toBe(true);
      const jws = structured(paid).attestation;
      expect(typeof jws).toBe("string");
      // The text content (for clients that read only text) carries the same attestation.
      expect(textOf(paid).attestation).toBe(jws);
      const verified = await verifyAttestation(jws as string, publicJwks([key]));
      expect(verified.kid).toBe(key.kid);
      return { paid, claims: verified.claims, required, authorization: authorizationOf(payment) };
    }

    /** The claims name this payment's authorization, this service, and the tool's own screening. */
    function expectAttests(
      claims: AttestationClaims,
      screening: BatchByTool,
      required: PaymentRequired,
      authorization: { from: string; nonce: string },
    ) {
      expect(claims.baseUrl).toBe(BASE_URL);
      expect(claims.payment).toEqual({
        network: required.accepts[0]!.network,
        // Hex lower-cased in the signed bytes: one spelling of each address.
        asset: required.accepts[0]!.asset.toLowerCase(),
        payer: authorization.from.toLowerCase(),
        authorizationNonce: authorization.nonce.toLowerCase(),
      });
      expect(claims.request).toEqual({
        addresses: screening.results.map((r) => ({
          address: r.query.address,
          normalizedAddress: r.query.normalizedAddress,
        })),
        asset: screening.query.asset,
      });
      expect(claims.result).toEqual(resultsOf(screening));
      expect(claims.list).toMatchObject({
        datasetSha256: screening.sourceFreshness.datasetSha256,
        datasetDate: screening.sourceFreshness.datasetDate,
      });
    }

    it("a paid batch_wallet_screen answer carries an attestation that verifies with the service's key, names the payer and nonce of the payment used, and attests the tool's own results", async () => {
      const before = await devnet.balanceOf(devnet.payTo);
      const { paid, claims, required, authorization } = await paidCall("batch_wallet_screen", {
        addresses: [LAZARUS, CLEAR],
      });
      const data = structured(paid).data as BatchByTool;
      expectAttests(claims, data, required, authorization);
      expect(claims.result.map((r) => r.status)).toEqual(["match", "clear"]);
      // Signed before settlement, and settled: the attestation names the one transfer that paid.
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 100_000n);
    });

    it("a paid edd_report answer carries an attestation of the memo's screening, bound to its payment", async () => {
      const { paid, claims, required, authorization } = await paidCall(
        "edd_report",
        { subject_name: "Acme Trading", addresses: [CLEAR, LAZARUS], output_format: "json" },
        1,
      );
      const memo = structured(paid).data as { screening: BatchByTool };
      expectAttests(claims, memo.screening, required, authorization);
      expect(claims.result.map((r) => r.status)).toEqual(["clear", "match"]);
    });

    it("the wallet report tool and the single-address screen sign their paid answers too", async () => {
      for (const [tool, args] of [
        ["ofac_wallet_screen", { address: LAZARUS }],
        ["ofac_wallet_report", { address: LAZARUS, output_format: "json" }],
      ] as const) {
        const { paid, claims, required, authorization } = await paidCall(tool, { ...args });
        const data = structured(paid).data as ScreenedByTool & Omit<BatchByTool, "results">;
        expectAttests(claims, { ...data, results: [data] }, required, authorization);
      }
    });

    it("a paid ofac_wallet_report PDF carries the attestation its answer carries, and prints its fingerprint", async () => {
      const { paid } = await paidCall("ofac_wallet_report", {
        address: LAZARUS,
        output_format: "pdf",
      });
      const [pdf] = resourcesOf(paid);
      const jws = structured(paid).attestation as string;
      // Attached as attestation.jws (poppler's pdfdetach reads it out), never printed.
      const dir = mkdtempSync(join(tmpdir(), "mcp-attestation-"));
      try {
        const file = join(dir, "report.pdf");
        writeFileSync(file, Buffer.from(pdf?.blob ?? "", "base64"));
        execFileSync("pdfdetach", ["-save", "1", "-o", join(dir, "a.jws"), file]);
        expect(readFileSync(join(dir, "a.jws"), "utf8")).toBe(jws);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const text = pdfText(pdf?.blob ?? "");
      expect(text).toContain(groupedFingerprint(attestationFingerprint(jws)).slice(0, 39));
      expect(text).not.toContain(jws.slice(0, 64));
    });

    it("a free tool signs nothing", async () => {
      const r = await client.callTool({ name: "list_status", arguments: {} });
      expect(r.isError).toBeFalsy();
      expect(structured(r).attestation).toBeUndefined();
    });
  },
);

describe.each(GENERATIONS)(
  "the standalone host (free, no key), to a client of MCP %s",
  (generation) => {
    let client: McpTestClient;
    beforeAll(async () => {
      const host = createMcpHttpHost({ deps, maxBodyBytes: MiB, callers: ANY_CALLER });
      client = await connectTestClient(HOST_MCP, generation, {
        answer: (request) => host(request),
      });
    });
    afterAll(async () => client?.close());

    it("answers every screening tool without an attestation: a free answer names no payment and is not signed", async () => {
      const calls: [string, Record<string, unknown>][] = [
        ["ofac_wallet_screen", { address: LAZARUS }],
        ["ofac_wallet_report", { address: LAZARUS, output_format: "json" }],
        ["batch_wallet_screen", { addresses: [LAZARUS, CLEAR] }],
        [
          "edd_report",
          { subject_name: "Acme Trading", addresses: [LAZARUS], output_format: "json" },
        ],
      ];
      for (const [name, args] of calls) {
        const r = await client.callTool({ name, arguments: args });
        expect(r.isError, name).toBeFalsy();
        expect(structured(r).attestation, name).toBeUndefined();
        expect(textOf(r).attestation, name).toBeUndefined();
      }
    });
  },
);

describe("a hosted host whose key cannot sign", () => {
  it("fails closed: a paid screening call is answered INTERNAL_ERROR, never unsigned, and nothing is charged", async () => {
    // The private scalar of another length: the key's import fails at the first signature.
    const broken: SigningKey = { ...key, d: "AAAA" };
    const faults: unknown[] = [];
    const host = hostedHost(broken, faults);
    const client = await connectTestClient(HOST_MCP, "2026-07-28", {
      answer: (request) => host(request, { baseUrl: BASE_URL }),
    });
    try {
      const args = { addresses: [LAZARUS] };
      const unpaid = await client.callTool({ name: "batch_wallet_screen", arguments: args });
      const payment = await payloadFor(
        unpaid.structuredContent as unknown as PaymentRequired,
        payerKey(0),
      );
      const before = await devnet.balanceOf(devnet.payTo);
      const r = await client.callTool({
        name: "batch_wallet_screen",
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ code: "INTERNAL_ERROR" });
      expect(JSON.stringify(r)).not.toContain(LAZARUS.toLowerCase());
      expect(faults).toHaveLength(1);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before);
    } finally {
      await client.close();
    }
  });
});
