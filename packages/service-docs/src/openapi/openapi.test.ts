import { Validator } from "@seriousme/openapi-schema-validator";
import { CATALOG, FAILURE_CODES } from "@svc/compliance";
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
  "x-dry-run"?: unknown;
  security?: unknown;
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
    expect(doc.servers).toEqual([{ url: baseUrl, "x-internal": false }]);
    for (const l of listingsOf(ctx)) {
      const op = operationOf(doc, l.op.path, l.op.method);
      const refusals = l.op.method === "POST" ? ["413", "415"] : [];
      expect(Object.keys(op.responses).sort()).toEqual(
        ["200", "400", "402", "414", "429", "500", "503", ...refusals].sort(),
      );
      // Free validation: `?dry_run=1` on every paid operation, its valid answer described.
      expect(op.parameters.find((p) => p.name === "dry_run")).toMatchObject({
        in: "query",
        required: false,
      });
      expect(op["x-dry-run"]).toEqual({
        parameter: "dry_run",
        answer: { $ref: "#/components/schemas/DryRunValid" },
      });
      // Paid: either x402 header presents the payment.
      expect(op.security).toEqual([{ x402: [] }, { x402v1: [] }]);
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
        const body = op.requestBody?.content["application/json"];
        const schema = body?.schema as { type?: string; properties: object };
        expect(body?.example).toEqual(l.op.inputExample);
        expect(schema.type).toBe("object");
        expect(schema).not.toHaveProperty("anyOf");
        // The same members as the input's (each variant's, where it is one of several objects).
        const members = (s: Record<string, unknown>): string[] =>
          Array.isArray(s.anyOf)
            ? (s.anyOf as Record<string, unknown>[]).flatMap(members)
            : Object.keys((s.properties ?? {}) as object);
        expect(Object.keys(schema.properties).sort()).toEqual(members(input).sort());
      } else {
        const named = op.parameters.filter((p) => p.name !== undefined && p.name !== "dry_run");
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
        // Its pattern bounds its length: the maxLength says so.
        schema: { type: "string", pattern: "^pay_[0-9a-f]{32}$", maxLength: 36 },
      },
    ]);
    expect(receipt.security).toEqual([]);
    expect(Object.keys(receipt.responses).sort()).toEqual(["200", "400", "404", "414", "500"]);
    expect(JSON.stringify(receipt.responses["404"])).toContain('"enum":["PAYMENT_NOT_FOUND"]');
    expect(JSON.stringify(receipt.responses["200"])).toContain("PAYMENT-RESPONSE");
    const status = operationOf(doc, "/api/list", "GET");
    expect(status.parameters.map((p) => p.name)).toEqual(["If-None-Match"]);
    expect(Object.keys(status.responses).sort()).toEqual(["200", "304", "400", "414", "500"]);
    expect(JSON.stringify(status.responses["200"])).toContain('"ETag"');
    const changes = operationOf(doc, "/api/list/changes", "GET");
    expect(Object.keys(changes.responses).sort()).toEqual([
      "200",
      "304",
      "400",
      "404",
      "414",
      "500",
    ]);
    expect(JSON.stringify(changes.responses["404"])).toContain('"enum":["EDITION_NOT_FOUND"]');
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
        // The body's schema, its unbounded string bounded by the body limit (4096 bytes).
        schema: {
          ...verify?.body?.schema,
          properties: { attestation: { type: "string", maxLength: 4096 } },
        },
        example: verify?.body?.example,
      });
      expect(Object.keys(op?.responses ?? {}).sort()).toEqual([
        "200",
        "400",
        "413",
        "414",
        "415",
        "500",
      ]);
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
      expect(Object.keys(op?.responses ?? {})).toEqual(["200", "400", "414", "500"]);
      const ok = op?.responses["200"];
      expect(Object.keys(ok?.content ?? {})).toEqual(["application/jwk-set+json"]);
      expect(ok?.headers).toEqual({
        "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" },
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

describe("what a generated client and a linter read", () => {
  const withAttestations = [...FIXTURE_FREE_ENDPOINTS, ...FIXTURE_ATTESTATION_ENDPOINTS];
  const doc = openApiOf({ operations: CATALOG, terms, baseUrl, freeEndpoints: withAttestations });
  type Op = {
    security?: unknown[];
    parameters?: { schema?: unknown }[];
    requestBody?: { content: Record<string, { schema: unknown }> };
    responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Op>).map(([method, op]) => ({ path, method, op })),
  );

  it("every operation of the catalog and every free endpoint is there, paid ones secured by x402, free ones by nothing", () => {
    expect(operations).toHaveLength(CATALOG.length + withAttestations.length);
    for (const { path, op } of operations) {
      const paid = CATALOG.some((o) => openApiPath(o.path) === path);
      expect(op.security, path).toEqual(paid ? [{ x402: [] }, { x402v1: [] }] : []);
    }
    const schemes = doc.components.securitySchemes;
    expect(schemes.x402).toMatchObject({ type: "apiKey", in: "header", name: "PAYMENT-SIGNATURE" });
    expect(schemes.x402v1).toMatchObject({ type: "apiKey", in: "header", name: "X-PAYMENT" });
  });

  it("every response says any origin may read it", () => {
    for (const { path, method, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(
          response.headers?.["Access-Control-Allow-Origin"],
          `${method} ${path} ${status}`,
        ).toEqual({ $ref: "#/components/headers/AccessControlAllowOrigin" });
      }
    }
  });

  it("a paid operation's errors list their codes: every refusal of the catalog, under its status", () => {
    const codesOf = (response: unknown): string[] => {
      const match = /"enum":(\[[^\]]*\])/.exec(JSON.stringify(response));
      return match === null ? [] : (JSON.parse(match[1] as string) as string[]);
    };
    for (const o of CATALOG) {
      const op = operationOf(doc, o.path, o.method) as unknown as Op;
      for (const [status, codes] of Object.entries(FAILURE_CODES)) {
        // A GET reads no body: nothing of it can be too large.
        if (o.method === "GET" && status === "413") continue;
        expect(codesOf(op.responses[status]), `${o.name} ${status}`).toEqual(
          expect.arrayContaining([...codes]),
        );
      }
      expect(codesOf(op.responses["500"])).toEqual(["INTERNAL_ERROR"]);
      if (o.method === "POST") {
        expect(codesOf(op.responses["415"])).toEqual(["UNSUPPORTED_MEDIA_TYPE"]);
        expect(codesOf(op.responses["400"])).toContain("MALFORMED_JSON");
      }
    }
  });

  it("every string and list a client sends is bounded", () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${at}/${i}`);
        });
        return;
      }
      if (typeof node !== "object" || node === null) return;
      const s = node as Record<string, unknown>;
      const types = Array.isArray(s.type) ? s.type : [s.type];
      const fixed = "enum" in s || "const" in s;
      if (types.includes("string") && !fixed && s.maxLength === undefined) unbounded.push(at);
      if (types.includes("array") && s.maxItems === undefined) unbounded.push(at);
      for (const [k, v] of Object.entries(s)) if (k !== "example") walk(v, `${at}/${k}`);
    };
    for (const { path, method, op } of operations) {
      walk(op.parameters, `${method} ${path} parameters`);
      walk(op.requestBody, `${method} ${path} body`);
    }
    expect(unbounded).toEqual([]);
  });
});
