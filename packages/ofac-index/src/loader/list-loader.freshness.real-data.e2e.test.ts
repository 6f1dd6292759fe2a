import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { diffEditions } from "../diff/diff-editions.js";
import { isOfacIndexError } from "../errors/ofac-index-error.js";
import type { SdnIndex } from "../index/sdn-index.js";
import { loadIndex } from "../io/load-index.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import { SAMPLE_SHA256 } from "../sample/sample-edition.js";
import {
  bytes,
  hangBeforeHeaders,
  LocalHttpServer,
  status,
} from "../test-support/local-http-server.js";
import { DCA_SUBSET_XML, XML } from "../test-support/shared-data.js";
import { ListLoader } from "./list-loader.js";
import type { LoaderEvent } from "./loader-event.js";
import type { ListLoaderOptions } from "./loader-options.js";

// The loader's freshness rules on OFAC's real editions, served by a local HTTP server.

const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const HOUR = 3_600_000;

const gz = (key: keyof typeof XML): Buffer => readFileSync(XML[key]);
/** The real 2025-11-19 edition (its digital-currency subset) re-dated 2099: a future edition. */
const FUTURE_XML = Buffer.from(
  readFileSync(DCA_SUBSET_XML, "utf8").replace(
    /(<DateOfIssue[^>]*>\s*<Year>)\d{4}(<\/Year>)/,
    "$12099$2",
  ),
  "utf8",
);

let server: LocalHttpServer;
const loaders: ListLoader[] = [];
const tempDirs: string[] = [];
let nextPath = 0;
const freshPath = (): string => `/f${++nextPath}/sdn_advanced.xml.gz`;
const indexes = new Map<string, Promise<SdnIndex>>();
/** A real edition as an index, parsed once per file. */
const indexOf = (key: keyof typeof XML): Promise<SdnIndex> => {
  let index = indexes.get(key);
  if (index === undefined) {
    index = loadIndex(XML[key], { now: new Date("2025-11-20T00:00:00.000Z") });
    indexes.set(key, index);
  }
  return index;
};

beforeAll(async () => {
  server = await LocalHttpServer.start();
});
afterEach(async () => {
  for (const loader of loaders.splice(0)) await loader.stop();
});
afterAll(async () => {
  await server.close();
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function newLoader(options: ListLoaderOptions): ListLoader {
  const loader = new ListLoader(options);
  loaders.push(loader);
  return loader;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ofac-index-freshness-"));
  tempDirs.push(dir);
  return dir;
}

/** Resolves once `test` holds (checked every few ms); the test's own timeout bounds it. */
async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    return isOfacIndexError(err) ? err.code : "not an OfacIndexError";
  }
  return undefined;
};

describe("editions from the future", () => {
  it("a future edition then a real one: the future one is refused FUTURE_EDITION, the real one is accepted", async () => {
    const path = freshPath();
    server.route(path, bytes(gz("2025-03-21")));
    const clock = new Date("2025-11-20T12:00:00.000Z");
    const loader = newLoader({ source: server.url(path), now: () => clock });
    await loader.start();
    expect(await loader.settled()).toMatchObject({ ok: true, outcome: "updated" });
    expect(loader.index?.meta.datasetDate).toBe("2025-03-21");

    server.route(path, bytes(FUTURE_XML));
    const refused = await loader.refresh();
    expect(refused).toMatchObject({ ok: false, outcome: "FUTURE_EDITION" });
    expect(refused.message).toContain("2099-11-19");
    expect(loader.index?.meta.datasetDate).toBe("2025-03-21");

    server.route(path, bytes(gz("2025-11-19b")));
    expect(await loader.refresh()).toMatchObject({ ok: true, outcome: "updated" });
    expect(loader.index?.meta.datasetSha256).toBe(
      (await indexOf("2025-11-19b")).meta.datasetSha256,
    );
  });

  it("a future edition is refused even with nothing held, and a stored one is never served", async () => {
    const path = freshPath();
    server.route(path, bytes(FUTURE_XML));
    const clock = new Date("2025-11-20T12:00:00.000Z");
    const bare = newLoader({ source: server.url(path), now: () => clock });
    await bare.start();
    expect(await bare.settled()).toMatchObject({ ok: false, outcome: "FUTURE_EDITION" });
    expect(bare.ready).toBe(false);

    // A store written before future editions were refused: the real edition is served.
    const dir = await tempDir();
    const store = new SnapshotStore(dir);
    await store.put(await loadIndex(DCA_SUBSET_XML), clock);
    await writeFile(join(dir, "future.xml"), FUTURE_XML);
    await store.put(await loadIndex(join(dir, "future.xml")), clock);
    const restored = newLoader({ snapshotDir: dir, now: () => clock });
    await restored.start();
    expect(restored.index?.meta.datasetDate).toBe("2025-11-19");
    expect((await restored.storedEditions()).map((e) => e.datasetDate)).toEqual(["2025-11-19"]);
  });
});

describe("never waits to serve", () => {
  it("start-up with a hanging source and a snapshot: ready from the snapshot before the source ever answers", async () => {
    const dir = await tempDir();
    const stored = await indexOf("2025-11-19a");
    await new SnapshotStore(dir).put(stored, new Date("2025-11-20T00:00:00.000Z"));
    const path = freshPath();
    server.route(path, hangBeforeHeaders("hang"));
    const loader = newLoader({ source: server.url(path), snapshotDir: dir });

    const started = await loader.start();
    expect(started).toMatchObject({ ok: true, outcome: "pending" });
    expect(loader.ready).toBe(true);
    expect(loader.index?.meta.datasetSha256).toBe(stored.meta.datasetSha256);
    expect(loader.screen(LAZARUS_ETH).summary.status).toBe("match");
    // The source has not answered a single request.
    expect(
      server.requests.filter((r) => r.path === path).every((r) => r.status === undefined),
    ).toBe(true);
    // The snapshot's fetch time is the last confirmation until the source answers.
    expect(loader.freshness().lastSuccessfulCheckAt).toBe("2025-11-20T00:00:00.000Z");

    // Stopping cancels the hung download instead of waiting for its deadline.
    await loader.stop();
    expect(loader.lastRefresh).toMatchObject({ ok: false, outcome: "CANCELLED" });
  });

  it("start-up with nothing and a failing source, then recovery via backoff: ready after the source recovers, without waiting for the refresh interval", async () => {
    const path = freshPath();
    server.route(path, status(500));
    const events: LoaderEvent[] = [];
    const loader = newLoader({
      source: server.url(path),
      retryBaseMs: 20,
      onEvent: (e) => events.push(e),
    });
    expect(await loader.start()).toMatchObject({ ok: false, outcome: "pending" });
    expect(loader.ready).toBe(false);
    expect(codeOf(() => loader.screen(LAZARUS_ETH))).toBe("LIST_UNAVAILABLE");
    loader.startPeriodicRefresh(24 * HOUR);

    await until(() => events.filter((e) => e.type === "refresh-failed").length >= 2);
    expect(loader.ready).toBe(false);
    expect(events.find((e) => e.type === "refresh-failed")).toMatchObject({
      code: "HTTP_STATUS",
      message: expect.stringContaining("HTTP 500"),
    });
    server.route(path, bytes(gz("2025-11-19b")));
    await until(() => loader.ready);

    expect(loader.screen(LAZARUS_ETH).summary.status).toBe("match");
    expect(loader.lastRefresh).toMatchObject({ ok: true, outcome: "updated" });
    const delays = events.flatMap((e) => (e.type === "retry-scheduled" ? [e.inMs] : []));
    expect(delays.slice(0, 2)).toEqual([20, 40]);
    expect(delays.every((d, i) => d === 20 * 2 ** i)).toBe(true);
  });

  it("retry with backoff: the base delay doubled per consecutive failure, capped at the refresh interval, one minute by default", async () => {
    const path = freshPath();
    server.route(path, status(503));
    const events: LoaderEvent[] = [];
    const loader = newLoader({
      source: server.url(path),
      retryBaseMs: 10,
      onEvent: (e) => events.push(e),
    });
    await loader.start();
    loader.startPeriodicRefresh(50);
    const retries = () => events.filter((e) => e.type === "retry-scheduled");
    await until(() => retries().length >= 5);
    await loader.stop();
    expect(retries().slice(0, 5)).toEqual([
      { type: "retry-scheduled", inMs: 10, failures: 1 },
      { type: "retry-scheduled", inMs: 20, failures: 2 },
      { type: "retry-scheduled", inMs: 40, failures: 3 },
      { type: "retry-scheduled", inMs: 50, failures: 4 },
      { type: "retry-scheduled", inMs: 50, failures: 5 },
    ]);

    const daily: LoaderEvent[] = [];
    const byDefault = newLoader({ source: server.url(path), onEvent: (e) => daily.push(e) });
    await byDefault.start();
    byDefault.startPeriodicRefresh(24 * HOUR);
    await byDefault.settled();
    expect(daily.filter((e) => e.type === "retry-scheduled")).toEqual([
      { type: "retry-scheduled", inMs: 60_000, failures: 1 },
    ]);
  });
});

describe("staleness", () => {
  it("staleness fields: lastSuccessfulCheckAt, ageHours and stale, reset by a 304; OFAC_FAIL_WHEN_STALE → LIST_STALE", async () => {
    const path = freshPath();
    const body = gz("2025-11-19b");
    server.route(path, bytes(body, { etag: '"e1"' }));
    let clock = new Date("2025-11-20T00:00:00.000Z");
    const now = () => clock;
    const flagging = newLoader({ source: server.url(path), now });
    const refusing = newLoader({ source: server.url(path), now, failWhenStale: true });
    for (const loader of [flagging, refusing]) {
      await loader.start();
      await loader.settled();
    }
    expect(flagging.freshness()).toMatchObject({
      lastSuccessfulCheckAt: "2025-11-20T00:00:00.000Z",
      ageHours: 0,
      stale: false,
      sample: false,
    });

    clock = new Date(Date.parse("2025-11-20T00:00:00.000Z") + 47 * HOUR);
    expect(flagging.freshness()).toMatchObject({ ageHours: 47, stale: false });
    expect(refusing.screen(LAZARUS_ETH).summary.status).toBe("match");

    server.route(path, status(500));
    clock = new Date(Date.parse("2025-11-20T00:00:00.000Z") + 49 * HOUR);
    for (const loader of [flagging, refusing]) {
      expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "HTTP_STATUS" });
    }
    const stale = flagging.freshness();
    expect(stale).toMatchObject({
      lastSuccessfulCheckAt: "2025-11-20T00:00:00.000Z",
      ageHours: 49,
      stale: true,
    });
    expect(stale.notice).toMatch(/not been confirmed current for 49 hours/);
    // Every screening answer carries the flag.
    expect(flagging.screen(LAZARUS_ETH).sourceFreshness).toMatchObject({ stale: true });
    expect(flagging.screenMany([LAZARUS_ETH]).sourceFreshness).toMatchObject({ stale: true });
    // Refusing: screening is refused, the freshness still says why.
    expect(codeOf(() => refusing.screen(LAZARUS_ETH))).toBe("LIST_STALE");
    expect(codeOf(() => refusing.screenMany([LAZARUS_ETH]))).toBe("LIST_STALE");
    expect(refusing.freshness()).toMatchObject({ stale: true, ageHours: 49 });

    // A 304 confirms the held edition: a successful check.
    server.route(path, bytes(body, { etag: '"e1"' }));
    expect(await refusing.refresh()).toMatchObject({ ok: true, outcome: "unchanged" });
    expect(refusing.freshness()).toMatchObject({
      lastSuccessfulCheckAt: clock.toISOString(),
      ageHours: 0,
      stale: false,
    });
    expect(refusing.screen(LAZARUS_ETH).summary.status).toBe("match");
  });

  it("the embedded sample is never stale: it says sample", async () => {
    const loader = newLoader({ sampleFallback: true, now: () => new Date("2099-01-01") });
    await loader.start();
    const later = loader.freshness();
    expect(later).toMatchObject({ sample: true, stale: false, lastSuccessfulCheckAt: null });
    expect(loader.index?.meta.datasetSha256).toBe(SAMPLE_SHA256);
  });
});

describe("snapshot store", () => {
  it("temp file cleanup: writes abandoned by a killed process are removed at start-up, a live writer's are kept", async () => {
    const dir = await tempDir();
    const index = await indexOf("2025-03-21");
    const { path } = await new SnapshotStore(dir).put(index, new Date());
    const abandoned = `${path}.tmp-999999999-1`;
    const live = `${path}.tmp-${process.ppid}-2`;
    await writeFile(abandoned, "{ half a snaps");
    await writeFile(live, "{ being written");
    const events: LoaderEvent[] = [];
    const loader = newLoader({ snapshotDir: dir, onEvent: (e) => events.push(e) });
    await loader.start();
    expect(events).toContainEqual({ type: "temp-removed", paths: [abandoned] });
    expect((await readdir(dir)).sort()).toEqual(
      [path, live].map((p) => p.slice(dir.length + 1)).sort(),
    );
    expect(loader.index?.meta.datasetSha256).toBe(index.meta.datasetSha256);
  });

  it("stored editions listing: newest first, the served edition marked, loadable by SHA-256 or date for a diff", async () => {
    const dir = await tempDir();
    const store = new SnapshotStore(dir);
    const [oldest, tornado] = [await indexOf("2024-05-28"), await indexOf("2025-03-21")];
    await store.put(oldest, new Date("2024-05-29T00:00:00.000Z"));
    await store.put(tornado, new Date("2025-03-22T00:00:00.000Z"));
    await writeFile(join(dir, `2025-01-01_${"0".repeat(64)}.json`), "damaged");
    const path = freshPath();
    server.route(path, bytes(gz("2025-11-19b")));
    const latest = await indexOf("2025-11-19b");
    const loader = newLoader({ source: server.url(path), snapshotDir: dir });
    await loader.start();
    await loader.settled();

    const editions = await loader.storedEditions();
    expect(editions.map((e) => [e.datasetDate, e.current])).toEqual([
      ["2025-11-19", true],
      ["2025-03-21", false],
      ["2024-05-28", false],
    ]);
    expect(editions[0]).toMatchObject({
      datasetSha256: latest.meta.datasetSha256,
      addressCount: latest.addressCount,
      sample: false,
    });
    expect(editions[2]).toEqual({
      datasetDate: "2024-05-28",
      datasetSha256: oldest.meta.datasetSha256,
      addressCount: oldest.addressCount,
      storedAt: "2024-05-29T00:00:00.000Z",
      current: false,
      sample: false,
    });

    const from = await loader.editionBySha(oldest.meta.datasetSha256);
    const to = await loader.editionByDate("2025-11-19");
    expect(to).toBe(loader.index);
    expect(from?.meta.datasetDate).toBe("2024-05-28");
    const diff = diffEditions(from as SdnIndex, to as SdnIndex);
    expect(diff.summary.added).toBeGreaterThan(0);
    expect(await loader.editionBySha("f".repeat(64))).toBeUndefined();
    expect(await loader.editionByDate("2020-01-01")).toBeUndefined();

    // Without a snapshot directory: only the served edition, not stored.
    const bare = newLoader({ sampleFallback: true });
    await bare.start();
    expect(await bare.storedEditions()).toEqual([
      expect.objectContaining({
        datasetSha256: SAMPLE_SHA256,
        storedAt: null,
        current: true,
        sample: true,
      }),
    ]);
    expect(await newLoader({}).storedEditions()).toEqual([]);
  });
});
