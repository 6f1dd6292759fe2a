import { Validator } from "@seriousme/openapi-schema-validator";
import { generateSigningKey } from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { renderDocument } from "@svc/renderers";
import { jsonSchemaOf } from "@svc/report-model";
import type { ApiCatalog } from "@svc/service-docs";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import {
  FREE_ATTESTATION_ENDPOINTS,
  MAX_VERIFY_BODY_BYTES,
  VerifyRequestSchema,
} from "../attestations/free-attestation-endpoints.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { BROWSER } from "./test-support/discovery-app.js";

// The whole app with and without a signing key: the documents list the key set and the
// verification exactly where they are served, under the method they are served with, and say
// what the routes really answer.
let stack: PaidStack;
let signing: Hono;
let unsigned: Hono;
const { keys: KEYS, verify: VERIFY } = ATTESTATION_PATHS;

type Operation = {
  tags: string[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: unknown; example: unknown }>;
  };
  responses: Record<
    string,
    { headers?: Record<string, { schema: { const?: string } }>; content?: Record<string, unknown> }
  >;
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

beforeAll(async () => {
  stack = await startPaidStack(1);
  const key = await generateSigningKey();
  signing = createApp({
    ...stack.common,
    render: renderDocument,
    attestation: { key, retired: [] },
  });
  unsigned = createApp({ ...stack.common, render: renderDocument });
});
afterAll(async () => {
  await stack?.stop();
});

const openApi = async (app: Hono) =>
  (await (await app.request("/openapi.json")).json()) as OpenApiDoc;
const catalog = async (app: Hono) => (await (await app.request("/api")).json()) as ApiCatalog;

describe("the attestation endpoints in the documents", () => {
  it("the definitions use the paths every attestation names (ATTESTATION_PATHS)", () => {
    expect(FREE_ATTESTATION_ENDPOINTS.keys.path).toBe(KEYS);
    expect(FREE_ATTESTATION_ENDPOINTS.verify.path).toBe(VERIFY);
    expect(FREE_ATTESTATION_ENDPOINTS.lookup.path).toBe("/api/attestations/{fingerprint}");
  });

  it("/api lists the key set as a free GET, the verification as a free POST with its body, and the lookup by fingerprint as a free GET", async () => {
    const api = await catalog(signing);
    const free = api.free.filter((e) => e.topic === "attestation");
    expect(free.map((e) => [e.method, e.path])).toEqual([
      ["GET", KEYS],
      ["POST", VERIFY],
      ["GET", "/api/attestations/{fingerprint}"],
    ]);
    expect(free[1]).toMatchObject({
      name: "attestation_verify",
      price: "free",
      body: { maxBytes: MAX_VERIFY_BODY_BYTES, schema: jsonSchemaOf(VerifyRequestSchema) },
    });
  });

  it("OpenAPI documents the key set as a cacheable GET and the verification as a POST with its body, 200 / 400 / 413 / 415, and stays valid OpenAPI 3.1", async () => {
    const doc = await openApi(signing);
    expect(Object.keys(doc.paths[KEYS] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths[VERIFY] ?? {})).toEqual(["post"]);
    const keySet = doc.paths[KEYS]?.get;
    expect(keySet?.tags).toEqual(["attestation"]);
    // Its 200, and what every route answers (a refused request target, 414, 500).
    expect(Object.keys(keySet?.responses ?? {})).toEqual(["200", "400", "414", "500"]);
    expect(Object.keys(keySet?.responses["200"]?.content ?? {})).toEqual([
      "application/jwk-set+json",
    ]);
    expect(keySet?.responses["200"]?.headers?.["Cache-Control"]?.schema.const).toMatch(
      /^public, max-age=\d+$/,
    );
    const verify = doc.paths[VERIFY]?.post;
    expect(verify?.tags).toEqual(["attestation"]);
    expect(verify?.requestBody?.required).toBe(true);
    // The route's own schema, its JWS bounded by the body limit (whitespace in it is dropped first).
    expect(verify?.requestBody?.content["application/json"]?.schema).toEqual({
      ...jsonSchemaOf(VerifyRequestSchema),
      properties: { attestation: { type: "string", maxLength: MAX_VERIFY_BODY_BYTES } },
    });
    expect(Object.keys(verify?.responses ?? {}).sort()).toEqual([
      "200",
      "400",
      "413",
      "414",
      "415",
      "429",
      "500",
    ]);
    expect(doc.tags.map((t) => t.name)).toContain("attestation");
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("what OpenAPI says the key set is sent with is what the route sends", async () => {
    const stated = (await openApi(signing)).paths[KEYS]?.get?.responses["200"];
    const res = await signing.request(KEYS);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(Object.keys(stated?.content ?? {})[0]);
    expect(res.headers.get("Cache-Control")).toBe(stated?.headers?.["Cache-Control"]?.schema.const);
  });

  it("the documented body example is answered 200 with a verdict whose code the documented schema names", async () => {
    const verify = (await openApi(signing)).paths[VERIFY]?.post;
    const res = await signing.request(VERIFY, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(verify?.requestBody?.content["application/json"]?.example),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe(
      verify?.responses["200"]?.headers?.["Cache-Control"]?.schema.const,
    );
    const verdict = (await res.json()) as { valid: boolean; code: string };
    expect(verdict.valid).toBe(false);
    const schema = verify?.responses["200"]?.content?.["application/json"] as {
      schema: { properties: { code: { enum: string[] } } };
    };
    expect(schema.schema.properties.code.enum).toContain(verdict.code);
  });

  it("a body declared over the documented limit is refused 413, unread", async () => {
    const res = await signing.request(VERIFY, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(MAX_VERIFY_BODY_BYTES + 1),
      },
      body: "{}",
    });
    expect(res.status).toBe(413);
    const stated = (await openApi(signing)).paths[VERIFY]?.post?.responses["413"] as {
      description: string;
    };
    expect(stated.description).toContain(`over ${MAX_VERIFY_BODY_BYTES} bytes`);
  });

  it("the landing page and the catalog page say answers are signed and where to check them", async () => {
    for (const path of ["/", "/api"]) {
      const page = await (await signing.request(path, { headers: BROWSER })).text();
      expect(page, path).toContain("signed attestation");
      expect(page, path).toContain(`<code>GET ${KEYS}</code>`);
      expect(page, path).toContain(`<code>POST ${VERIFY}</code>`);
    }
  });

  it("an app without a signing key neither lists nor serves them", async () => {
    const api = await catalog(unsigned);
    expect(api.free.map((e) => e.path)).not.toContain(KEYS);
    expect(api.free.map((e) => e.path)).not.toContain(VERIFY);
    const doc = await openApi(unsigned);
    expect(Object.keys(doc.paths)).not.toContain(KEYS);
    expect(Object.keys(doc.paths)).not.toContain(VERIFY);
    expect(doc.tags.map((t) => t.name)).not.toContain("attestation");
    const landing = await (await unsigned.request("/", { headers: BROWSER })).text();
    expect(landing).not.toContain("Evidence");
    expect(landing).not.toContain(VERIFY);
    expect((await unsigned.request(KEYS)).status).toBe(404);
    const verify = await unsigned.request(VERIFY, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ attestation: "a.b.c" }),
    });
    expect(verify.status).toBe(404);
  });
});
