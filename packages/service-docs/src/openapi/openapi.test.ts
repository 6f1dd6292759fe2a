import { Validator } from "@seriousme/openapi-schema-validator";
import { CATALOG } from "@svc/compliance";
import { BASE_USDC, baseTerms, SOLANA_NETWORK, termsOn } from "@svc/payments";
import { jsonSchemaOf } from "@svc/report-model";
import type { GenericSchema } from "valibot";
import { describe, expect, it } from "vitest";
import { listingsOf } from "../listing/listing.js";
import {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
  FIXTURE_SOLANA_PAY_TO,
} from "../test-support/fixture-operations.js";
import {
  FIXTURE_ATTESTATION_ENDPOINTS,
  FIXTURE_FREE_ENDPOINTS,
} from "../test-support/free-endpoints.js";
import { openApiOf } from "./openapi.js";
import { openApiPath } from "./openapi-operation.js";

const terms = [baseTerms(FIXTURE_PAY_TO)];
const baseUrl = "https://screen.example.com";
const freeEndpoints = FIXTURE_FREE_ENDPOINTS;

type Doc = ReturnType<typeof openApiOf>;
type OperationObject = {
  parameters: Array<{ name?: string; in?: string; required?: boolean; $ref?: string }>;
  requestBody?: { content: Record<string, { schema: unknown; example: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  "x-payment-info": Record<string, unknown>;
};
const operationOf = (doc: Doc, path: string, method: string) =>
  (doc.paths[openApiPath(path)] as Record<string, OperationObject>)[method.toLowerCase()]!;

describe("GET /openapi.json document", () => {
  const baseAndSolana = [...terms, termsOn(SOLANA_NETWORK, FIXTURE_SOLANA_PAY_TO)];
  for (const [label, operations, served] of [
    ["the real catalog", CATALOG, terms],
    ["the catalog with the fixtures", [...CATALOG, ...FIXTURE_OPERATIONS], terms],
    ["the real catalog paid on Base and Solana", CATALOG, baseAndSolana],
  ] as const) {
    it(`is valid OpenAPI 3.1 for ${label}, and every $ref resolves`, async () => {
      const validator = new Validator();
      const result = await validator.validate(
        structuredClone(openApiOf({ operations, terms: served, baseUrl, freeEndpoints })),
      );
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe("3.1");
      expect(JSON.stringify(validator.resolveRefs())).not.toContain('"$ref"');
    });
  }

  it("the validator is not vacuous: a response without a description is refused", async () => {
    const doc = structuredClone(
      openApiOf({ operations: CATALOG, terms, baseUrl, freeEndpoints }),
    ) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description?: string }> }>
      >;
    };
    const [path] = Object.values(doc.paths);
    const [op] = Object.values(path ?? {});
    delete op?.responses["402"]?.description;
    expect((await new Validator().validate(doc)).valid).toBe(false);
  });

  it("documents every paid operation: input, 200 example, 402 terms, errors, x-payment-info", () => {
    const ctx = { operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints };
    const doc = openApiOf(ctx);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toEqual([{ url: baseUrl }]);
    for (const l of listingsOf(ctx)) {
      const op = operationOf(doc, l.op.path, l.op.method);
      expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "402", "404", "503"]);
      expect(op.responses["200"]?.content?.["application/json"]?.example).toEqual(
        l.op.outputExample,
      );
      // The body a v1 client reads: the same terms, in v1's words.
      expect(op.responses["402"]?.content?.["application/json"]?.example).toMatchObject({
        x402Version: 1,
        accepts: [
          {
            scheme: l.requirements.scheme,
            network: "base",
            maxAmountRequired: l.requirements.amount,
            resource: l.url,
            payTo: l.requirements.payTo,
            asset: l.requirements.asset,
            maxTimeoutSeconds: l.requirements.maxTimeoutSeconds,
            extra: l.requirements.extra,
          },
        ],
      });
      expect(op["x-payment-info"]).toEqual({
        price: { mode: "fixed", currency: "USD", amount: l.op.price },
        protocols: [{ x402: {} }],
        network: "eip155:8453",
        payTo: FIXTURE_PAY_TO,
        networks: [{ network: "eip155:8453", asset: BASE_USDC, payTo: FIXTURE_PAY_TO }],
      });
      const input = jsonSchemaOf(l.op.input as GenericSchema);
      if (l.op.method === "POST") {
        expect(op.requestBody?.content["application/json"]).toEqual({
          schema: input,
          example: l.op.inputExample,
        });
      } else {
        const named = op.parameters.filter((p) => p.name !== undefined);
        expect(named.map((p) => p.name).sort()).toEqual(
          Object.keys(input.properties as object).sort(),
        );
        for (const p of named) {
          expect(p.in).toBe(l.op.path.includes(`:${p.name}`) ? "path" : "query");
          if (p.in === "path") expect(p.required).toBe(true);
        }
      }
    }
  });

  it("documents the free endpoints: a path parameter is required, with its 400 and 404; a list endpoint keeps its ETag", () => {
    const doc = openApiOf({ operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints });
    const receipt = operationOf(doc, "/api/payments/{paymentId}", "GET") as OperationObject & {
      tags: string[];
      parameters: Array<{ schema?: { pattern?: string } }>;
    };
    expect(receipt.tags).toEqual(["payment"]);
    expect(receipt.parameters).toEqual([
      {
        name: "paymentId",
        in: "path",
        required: true,
        description: "The X-Payment-Id of the answer.",
        schema: { type: "string", pattern: "^pay_[0-9a-f]{32}$" },
      },
    ]);
    expect(Object.keys(receipt.responses).sort()).toEqual(["200", "400", "404"]);
    expect(JSON.stringify(receipt.responses["200"])).toContain("PAYMENT-RESPONSE");
    const status = operationOf(doc, "/api/list", "GET");
    expect(status.parameters.map((p) => p.name)).toEqual(["If-None-Match"]);
    expect(Object.keys(status.responses).sort()).toEqual(["200", "304"]);
    const changes = operationOf(doc, "/api/list/changes", "GET");
    expect(Object.keys(changes.responses).sort()).toEqual(["200", "304", "400", "404"]);
    expect(doc.tags.map((t) => t.name)).toEqual([
      ...new Set(FIXTURE_OPERATIONS.map((op) => op.category)),
      "list",
      "payment",
    ]);
  });

  it("names the payment tag only when a free endpoint is about a payment", () => {
    const listOnly = freeEndpoints.filter((e) => e.topic !== "payment");
    const doc = openApiOf({
      operations: FIXTURE_OPERATIONS,
      terms,
      baseUrl,
      freeEndpoints: listOnly,
    });
    expect(doc.tags.map((t) => t.name)).not.toContain("payment");
    expect(Object.keys(doc.paths)).not.toContain("/api/payments/{paymentId}");
  });

  describe("the free attestation endpoints", () => {
    const withAttestations = [...FIXTURE_FREE_ENDPOINTS, ...FIXTURE_ATTESTATION_ENDPOINTS];
    const doc = openApiOf({
      operations: [...CATALOG, ...FIXTURE_OPERATIONS],
      terms,
      baseUrl,
      freeEndpoints: withAttestations,
    });
    type Free = OperationObject & {
      tags: string[];
      requestBody?: {
        required: boolean;
        content: Record<string, { schema: unknown; example: unknown }>;
      };
      responses: Record<
        string,
        { headers?: Record<string, { schema: unknown }>; content?: Record<string, unknown> }
      >;
    };
    const paths = doc.paths as Record<string, Record<string, Free>>;

    it("the document stays valid OpenAPI 3.1 with a free POST and a key set beside the rest", async () => {
      const result = await new Validator().validate(structuredClone(doc));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it("the verification is documented as a POST only, with its JSON body and 200 / 400 / 413 / 415", () => {
      const [, verify] = FIXTURE_ATTESTATION_ENDPOINTS;
      expect(Object.keys(paths["/api/attestations/verify"] ?? {})).toEqual(["post"]);
      const op = paths["/api/attestations/verify"]?.post;
      expect(op?.tags).toEqual(["attestation"]);
      expect(op?.parameters).toEqual([]);
      expect(op?.requestBody?.required).toBe(true);
      expect(op?.requestBody?.content["application/json"]).toEqual({
        schema: verify?.body?.schema,
        example: verify?.body?.example,
      });
      expect(Object.keys(op?.responses ?? {}).sort()).toEqual(["200", "400", "413", "415"]);
      expect(JSON.stringify(op?.responses["413"])).toContain("4096 bytes");
      expect(op?.responses["200"]?.content?.["application/json"]).toEqual({
        schema: verify?.answer?.schema,
      });
    });

    it("the key set is a GET with its own media type and a public Cache-Control, no ETag and no 304", () => {
      expect(Object.keys(paths["/.well-known/jwks.json"] ?? {})).toEqual(["get"]);
      const op = paths["/.well-known/jwks.json"]?.get;
      expect(op?.tags).toEqual(["attestation"]);
      expect(op?.requestBody).toBeUndefined();
      expect(op?.parameters).toEqual([]);
      expect(Object.keys(op?.responses ?? {})).toEqual(["200"]);
      const ok = op?.responses["200"];
      expect(Object.keys(ok?.content ?? {})).toEqual(["application/jwk-set+json"]);
      expect(ok?.headers).toEqual({
        "Cache-Control": { schema: { type: "string", const: "public, max-age=300" } },
      });
    });

    it("names the attestation tag, described, only when there are attestation endpoints", () => {
      expect(doc.tags.find((t) => t.name === "attestation")?.description).toContain("attestation");
      const without = openApiOf({ operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints });
      expect(without.tags.map((t) => t.name)).not.toContain("attestation");
    });
  });
});

describe("the 200 answer's schema", () => {
  const doc = openApiOf({ operations: CATALOG, terms, baseUrl, freeEndpoints });
  type Schema = { properties?: Record<string, Schema>; items?: Schema; description?: string };
  const answerOf = (path: string, method: string) =>
    (
      operationOf(doc, path, method).responses["200"] as {
        content: Record<string, { schema: Schema }>;
      }
    ).content["application/json"]?.schema as Schema;

  it("the single screening documents near matches: the list, each one's reasons, and the count", () => {
    const data = answerOf("/api/ofac-wallet-screen/:address", "GET").properties?.data;
    const near = data?.properties?.nearMatches;
    expect(near?.description).toMatch(/near it/);
    expect(Object.keys(near?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(["address", "parties", "reasons", "editDistance", "explanation"]),
    );
    expect(data?.properties?.summary?.properties?.nearMatchCount?.description).toMatch(/near/);
  });

  it("the batch documents each result's near matches and the batch's count", () => {
    const data = answerOf("/api/workflows/compliance/batch-wallet-screen", "POST").properties?.data;
    expect(data?.properties?.summary?.properties?.nearMatchCount).toBeDefined();
    expect(data?.properties?.results?.items?.properties?.nearMatches).toBeDefined();
  });
});
