import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListLoader, loadIndex, SnapshotStore } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import type { Hono } from "hono";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { ChangesAnswerSchema } from "./list-answer-schemas.js";
import { loaderEditions } from "./loader-editions.js";

// The stored-editions endpoints on a snapshot store of two real OFAC editions: the 90 Tornado
// Cash addresses OFAC delisted between the editions of 2025-03-04 and 2025-03-21.
const XML = new URL("../../../../../shared/data/ofac/xml/", import.meta.url).pathname;
let stack: PaidStack;
let dir: string;
let loader: ListLoader;
let app: Hono;
let shas: { march4: string; march21: string };

beforeAll(async () => {
  stack = await startPaidStack(1);
  dir = await mkdtemp(join(tmpdir(), "svc-stored-editions-"));
  const store = new SnapshotStore(dir);
  const march4 = await loadIndex(join(XML, "sdn_advanced_2025-03-04_e1b6b13562.xml.gz"));
  const march21 = await loadIndex(join(XML, "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz"));
  await store.put(march4, new Date("2025-03-05T00:00:00.000Z"));
  await store.put(march21, new Date("2025-03-22T00:00:00.000Z"));
  shas = { march4: march4.meta.datasetSha256, march21: march21.meta.datasetSha256 };
  loader = new ListLoader({ snapshotDir: dir, sampleFallback: false });
  await loader.start();
  app = createApp({
    ...stack.common,
    list: loader,
    render: renderDocument,
    storedEditions: loaderEditions(loader),
  });
}, 120_000);
afterAll(async () => {
  await loader?.stop();
  await stack?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

interface Entry {
  asset: string;
  address: string;
  parties: { entityName: string }[];
}

describe("stored editions and their changes", () => {
  it("GET /api/list/editions lists both stored editions, newest first", async () => {
    const body = (await (await app.request("/api/list/editions")).json()) as {
      data: { editions: { datasetDate: string; datasetSha256: string }[] };
    };
    expect(body.data.editions.map((e) => [e.datasetDate, e.datasetSha256])).toEqual([
      ["2025-03-21", shas.march21],
      ["2025-03-04", shas.march4],
    ]);
  });

  it("GET /api/list/changes?from=2025-03-04&to=2025-03-21 is the 90-address Tornado Cash removal, each with its parties", async () => {
    const res = await app.request("/api/list/changes?from=2025-03-04&to=2025-03-21");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: {
        from: { datasetDate: string };
        to: { datasetDate: string };
        added: Entry[];
        removed: Entry[];
      };
    };
    // What OpenAPI publishes of the answer holds of it.
    expect(v.safeParse(ChangesAnswerSchema, body).issues).toBeUndefined();
    expect(body.data.from.datasetDate).toBe("2025-03-04");
    expect(body.data.to.datasetDate).toBe("2025-03-21");
    expect(body.data.added).toHaveLength(0);
    expect(new Set(body.data.removed.map((e) => e.address)).size).toBe(90);
    expect(
      body.data.removed.every((e) => e.parties.some((p) => /TORNADO/i.test(p.entityName))),
    ).toBe(true);
    // By SHA-256, and `to` defaulting to the loaded edition, it is the same answer; a repeat
    // with the ETag is a 304.
    const bySha = await app.request(`/api/list/changes?from=${shas.march4}`);
    expect(((await bySha.json()) as { data: { removed: Entry[] } }).data.removed).toHaveLength(
      body.data.removed.length,
    );
    const again = await app.request(`/api/list/changes?from=${shas.march4}`, {
      headers: { "If-None-Match": bySha.headers.get("ETag") as string },
    });
    expect(again.status).toBe(304);
  });
});
