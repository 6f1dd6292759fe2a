import { renderDocument } from "@svc/renderers";
import type { Hono } from "hono";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { EditionsAnswerSchema } from "./list-answer-schemas.js";

// The free list endpoints on the embedded sample edition (the stored editions and their changes
// are tested with a snapshot store of real editions in stored-editions.e2e.test.ts).
let stack: PaidStack;
let app: Hono;

beforeAll(async () => {
  stack = await startPaidStack(1);
  app = createApp({ ...stack.common, render: renderDocument });
});
afterAll(async () => {
  await stack?.stop();
});

describe("free list endpoints", () => {
  it("GET /api/list says the embedded sample is the sample, for free, with its freshness and the edition's SHA-256 as ETag", async () => {
    const res = await app.request("/api/list");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { status: string; sourceFreshness: { datasetSha256: string; sample: boolean } };
    };
    expect(body.data.status).toBe("sample");
    expect(body.data.sourceFreshness.sample).toBe(true);
    expect(res.headers.get("ETag")).toBe(`"${body.data.sourceFreshness.datasetSha256}"`);
    const again = await app.request("/api/list", {
      headers: { "If-None-Match": res.headers.get("ETag") as string },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("GET /api/list/editions lists the loaded edition when nothing is stored", async () => {
    const res = await app.request("/api/list/editions");
    const body = (await res.json()) as { data: { editions: { datasetSha256: string }[] } };
    expect(body.data.editions).toHaveLength(1);
    // What OpenAPI publishes of the answer holds of it.
    expect(v.safeParse(EditionsAnswerSchema, body).issues).toBeUndefined();
  });

  it("GET /api/list/changes refuses what cannot name an edition (400) and an unknown one (404)", async () => {
    expect((await app.request("/api/list/changes")).status).toBe(400);
    expect((await app.request("/api/list/changes?from=yesterday")).status).toBe(400);
    const unknown = await app.request(`/api/list/changes?from=${"a".repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "EDITION_NOT_FOUND" });
  });

  it("/ready, /api, OpenAPI and the landing page say which list is loaded, and the landing page that it is the sample", async () => {
    expect(await (await app.request("/ready")).json()).toMatchObject({
      ready: true,
      list: { status: "sample" },
    });
    const api = (await (await app.request("/api")).json()) as {
      free: { path: string }[];
      list: { status: string };
    };
    expect(api.free.map((e) => e.path)).toEqual([
      "/api/list",
      "/api/list/editions",
      "/api/list/changes",
    ]);
    expect(api.list.status).toBe("sample");
    const openapi = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/api/list", "/api/list/editions", "/api/list/changes"]),
    );
    const apiPage = await (await app.request("/api", { headers: { Accept: "text/html" } })).text();
    expect(apiPage).toContain("GET /api/list/editions");
    const landing = await (await app.request("/", { headers: { Accept: "text/html" } })).text();
    expect(landing).toContain("SAMPLE EDITION — NOT THE OFAC LIST");
    expect(landing).toContain("/api/list/changes");
  });
});
