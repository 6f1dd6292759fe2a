import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isOfacIndexError, type OfacIndexErrorCode } from "../errors/ofac-index-error.js";
import { fetchEdition } from "../io/http-source.js";
import { SAMPLE_NOTICE, SAMPLE_SHA256, SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import type { RefreshStatus } from "../screen/result-types.js";
import {
  bytes,
  hangBeforeHeaders,
  hangMidBody,
  LocalHttpServer,
  type Route,
  status,
  unreachableUrl,
} from "../test-support/local-http-server.js";
import { ListLoader } from "./list-loader.js";
import type { ListLoaderOptions } from "./loader-options.js";

const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
/** A party of the sample with six XBT addresses (not Lazarus). */
const YAN_XIAOBING = "25308";

const sha256 = (data: Uint8Array): string => createHash("sha256").update(data).digest("hex");

const SAMPLE = readFileSync(SAMPLE_XML_PATH);
const SAMPLE_TEXT = SAMPLE.toString("utf8");

/**
 * The "good edition" the fault tests start from: the sample plus a final CRLF. The exact sample
 * bytes are always flagged `sample: true`, and a loader holding the sample (by design) neither
 * sends conditional requests nor applies the shrink/older checks, so these tests need an edition
 * with a different SHA-256.
 */
const GOOD_TEXT = `${SAMPLE_TEXT}\r\n`;
const GOOD = Buffer.from(GOOD_TEXT, "utf8");
const GOOD_SHA = sha256(GOOD);

/** FeatureType IDs named "Digital Currency Address - X" in the edition's ReferenceValueSets. */
const DCA_TYPE_IDS = new Set(
  [
    ...SAMPLE_TEXT.matchAll(
      /<FeatureType ID="(\d+)"[^>]*>Digital Currency Address - [^<]*<\/FeatureType>/g,
    ),
  ].map((m) => m[1] as string),
);

/** Removes digital-currency `<Feature>` elements (with their line) where `drop` says so. */
function withoutDcaFeatures(
  xml: string,
  drop: (partyFixedRef: string, featureId: string) => boolean,
): string {
  return xml.replace(
    /<DistinctParty FixedRef="(\d+)">[\s\S]*?<\/DistinctParty>/g,
    (party, fixedRef: string) =>
      party.replace(
        /\r?\n[ \t]*<Feature ID="(\d+)" FeatureTypeID="(\d+)">[\s\S]*?<\/Feature>/g,
        (feature, featureId: string, typeId: string) =>
          DCA_TYPE_IDS.has(typeId) && drop(fixedRef, featureId) ? "" : feature,
      ),
  );
}

const countDca = (xml: string): number =>
  [...xml.matchAll(/<Feature ID="\d+" FeatureTypeID="(\d+)">/g)].filter((m) =>
    DCA_TYPE_IDS.has(m[1] as string),
  ).length;

/** Only Yan Xiaobing's six XBT features are left: most addresses are gone. */
const SHRUNK = Buffer.from(
  withoutDcaFeatures(GOOD_TEXT, (party) => party !== YAN_XIAOBING),
  "utf8",
);
/** No digital-currency feature at all. */
const EMPTY = Buffer.from(
  withoutDcaFeatures(GOOD_TEXT, () => true),
  "utf8",
);
/** A newer valid edition: one XBT feature of Yan Xiaobing removed (1 of 88 pairs). */
const NEXT = Buffer.from(
  withoutDcaFeatures(GOOD_TEXT, (_party, featureId) => featureId === "31728"),
  "utf8",
);
/** The same edition dated a year earlier. */
const OLDER = Buffer.from(
  GOOD_TEXT.replace(
    /(<DateOfIssue[^>]*>\s*<Year>)(\d{4})(<\/Year>)/,
    (_m, open: string, year: string, close: string) => `${open}${Number(year) - 1}${close}`,
  ),
  "utf8",
);
/** A `</Feature>` inside Lazarus Group's party (which holds addresses) broken into `</Featur>`. */
const CORRUPT_XML = (() => {
  const at = GOOD_TEXT.indexOf("</Feature>", GOOD_TEXT.indexOf(LAZARUS_ETH));
  return Buffer.from(`${GOOD_TEXT.slice(0, at)}</Featur>${GOOD_TEXT.slice(at + 10)}`, "utf8");
})();
const TRUNCATED_XML = GOOD.subarray(0, Math.floor(GOOD.length * 0.6));
const GZIP = gzipSync(GOOD);
const TRUNCATED_GZIP = GZIP.subarray(0, Math.floor(GZIP.length * 0.6));
/** A gzip whose CRC-32 trailer does not match its (intact) data. */
const BAD_CRC_GZIP = (() => {
  const copy = Buffer.from(GZIP);
  const crcAt = copy.length - 8;
  copy[crcAt] = (copy[crcAt] as number) ^ 0xff;
  return copy;
})();
/** A gzip whose deflate data is overwritten with garbage in the middle. */
const GARBLED_GZIP = (() => {
  const copy = Buffer.from(GZIP);
  copy.fill(0xff, Math.floor(copy.length / 2), Math.floor(copy.length / 2) + 64);
  return copy;
})();

let server: LocalHttpServer;
const tempDirs: string[] = [];
const loaders: ListLoader[] = [];
let nextPath = 0;
/** A fresh path per use, so tests never see each other's routes or request counts. */
const freshPath = (name = "sdn.xml"): string => `/t${++nextPath}/${name}`;

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

/** Starts a loader and waits for its background load of the source: the status it ended with. */
async function startAndSettle(loader: ListLoader): Promise<RefreshStatus | undefined> {
  await loader.start();
  return loader.settled();
}

function newLoader(options: ListLoaderOptions): ListLoader {
  const loader = new ListLoader(options);
  loaders.push(loader);
  return loader;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ofac-index-loader-"));
  tempDirs.push(dir);
  return dir;
}

/** A started loader that holds GOOD, fetched from `path` on the local server. */
async function loaderHoldingGood(
  path: string,
  options: Omit<ListLoaderOptions, "source"> = {},
  route: Route = bytes(GOOD),
): Promise<ListLoader> {
  server.route(path, route);
  const loader = newLoader({ source: server.url(path), ...options });
  const started = await startAndSettle(loader);
  expect(started).toMatchObject({ ok: true, outcome: "updated" });
  expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  return loader;
}

/** The loader kept GOOD after a failed refresh, and says so. */
function expectStillServingGood(loader: ListLoader, code: string, before: number): void {
  expect(loader.ready).toBe(true);
  expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  const screened = loader.screen(LAZARUS_ETH);
  expect(screened.summary.status).toBe("match");
  expect(screened.matches.map((m) => m.entityName)).toContain("Lazarus Group");
  const freshness = loader.freshness();
  expect(freshness.datasetSha256).toBe(GOOD_SHA);
  expect(freshness.lastRefresh).toMatchObject({ ok: false, outcome: code });
  const attemptedAt = freshness.lastRefresh?.attemptedAt as string;
  expect(new Date(attemptedAt).toISOString()).toBe(attemptedAt);
  expect(Date.parse(attemptedAt)).toBeGreaterThanOrEqual(before);
  expect(freshness.notice).toContain("last refresh failed");
  expect(freshness.notice).toContain(code);
  expect(screened.sourceFreshness.lastRefresh).toMatchObject({ ok: false, outcome: code });
}

describe("derived editions", () => {
  it("the derived XML files have the intended digital-currency features", () => {
    expect(DCA_TYPE_IDS.size).toBe(19);
    expect(countDca(GOOD_TEXT)).toBe(91);
    expect(countDca(SHRUNK.toString("utf8"))).toBe(6);
    expect(countDca(EMPTY.toString("utf8"))).toBe(0);
    expect(countDca(NEXT.toString("utf8"))).toBe(90);
    expect(OLDER.toString("utf8")).toContain("<Year>2024</Year>");
    expect(GOOD_SHA).not.toBe(SAMPLE_SHA256);
  });
});

describe("ListLoader over HTTP", () => {
  it("loads the sample XML from an http URL: ready, sha256 of the bytes, sourceUrl, lastRefresh.ok", async () => {
    const path = freshPath();
    server.route(path, bytes(SAMPLE));
    const loader = newLoader({ source: server.url(path) });
    await startAndSettle(loader);
    expect(loader.ready).toBe(true);
    expect(loader.index?.meta.datasetSha256).toBe(sha256(SAMPLE));
    const freshness = loader.freshness();
    expect(freshness.sourceUrl).toBe(server.url(path));
    expect(freshness.lastRefresh?.ok).toBe(true);
  });

  it("loads a gzip'd XML from an http URL: ready, sha256 of the XML inside, sourceUrl, lastRefresh.ok", async () => {
    const path = freshPath("sdn.xml.gz");
    server.route(
      path,
      bytes(gzipSync(SAMPLE), { headers: { "content-type": "application/gzip" } }),
    );
    const loader = newLoader({ source: server.url(path) });
    await startAndSettle(loader);
    expect(loader.ready).toBe(true);
    expect(loader.index?.meta.datasetSha256).toBe(sha256(SAMPLE));
    const freshness = loader.freshness();
    expect(freshness.sourceUrl).toBe(server.url(path));
    expect(freshness.lastRefresh?.ok).toBe(true);
  });

  describe("a failed refresh keeps the previous index and reports the failure", () => {
    const faults: Array<{
      name: string;
      code: OfacIndexErrorCode;
      route: () => Route;
      options?: Omit<ListLoaderOptions, "source">;
      message?: RegExp;
      /** Requests the refresh made (after the initial load). */
      requests?: { HEAD: number; GET: number };
    }> = [
      {
        name: "XML cut at 60% of its bytes → TRUNCATED",
        code: "TRUNCATED",
        route: () => bytes(TRUNCATED_XML),
      },
      {
        name: "XML with a broken </Feature> in an address-holding party → MALFORMED_XML",
        code: "MALFORMED_XML",
        route: () => bytes(CORRUPT_XML),
      },
      {
        name: "gzip cut at 60% of its bytes → TRUNCATED",
        code: "TRUNCATED",
        route: () => bytes(TRUNCATED_GZIP),
      },
      {
        name: "gzip with a wrong CRC-32 → CORRUPT_COMPRESSION",
        code: "CORRUPT_COMPRESSION",
        route: () => bytes(BAD_CRC_GZIP),
      },
      {
        name: "gzip with garbage in its deflate data → CORRUPT_COMPRESSION",
        code: "CORRUPT_COMPRESSION",
        route: () => bytes(GARBLED_GZIP),
      },
      {
        name: "HTTP 403 → HTTP_STATUS",
        code: "HTTP_STATUS",
        route: () => status(403),
        message: /HTTP 403/,
      },
      {
        name: "HTTP 500 → HTTP_STATUS",
        code: "HTTP_STATUS",
        route: () => status(500),
        message: /HTTP 500/,
      },
      {
        name: "a server that never sends the HEAD's headers, past timeoutMs 300 → TIMEOUT",
        code: "TIMEOUT",
        route: () => hangBeforeHeaders("hang"),
        options: { timeoutMs: 300 },
        requests: { HEAD: 1, GET: 0 },
      },
      {
        name: "a server that never sends the GET's headers, past timeoutMs 300 → TIMEOUT",
        code: "TIMEOUT",
        route: () => hangBeforeHeaders("answer"),
        options: { timeoutMs: 300 },
        requests: { HEAD: 1, GET: 1 },
      },
      {
        name: "a server that sends headers then stalls mid-body, past timeoutMs 300 → TIMEOUT",
        code: "TIMEOUT",
        route: () => hangMidBody(GOOD, 0.5),
        options: { timeoutMs: 300 },
        requests: { HEAD: 1, GET: 1 },
      },
      {
        name: "an edition that lost most addresses → LIST_SHRANK",
        code: "LIST_SHRANK",
        route: () => bytes(SHRUNK),
      },
      {
        name: "an edition with zero addresses → EMPTY_LIST",
        code: "EMPTY_LIST",
        route: () => bytes(EMPTY),
      },
      {
        name: "an edition dated a year earlier → OLDER_EDITION",
        code: "OLDER_EDITION",
        route: () => bytes(OLDER),
      },
    ];

    for (const fault of faults) {
      it(fault.name, async () => {
        const path = freshPath();
        const loader = await loaderHoldingGood(path, fault.options);
        server.route(path, fault.route());
        const before = Date.now();
        const seen = { HEAD: server.count("HEAD", path), GET: server.count("GET", path) };
        const result = await loader.refresh();
        expect(result).toMatchObject({ ok: false, outcome: fault.code });
        if (fault.message !== undefined) expect(result.message).toMatch(fault.message);
        if (fault.requests !== undefined) {
          expect({
            HEAD: server.count("HEAD", path) - seen.HEAD,
            GET: server.count("GET", path) - seen.GET,
          }).toEqual(fault.requests);
        }
        expectStillServingGood(loader, fault.code, before);
      });
    }
  });

  it("an HTTP error status carries details.status (403 and 500)", async () => {
    for (const code of [403, 500]) {
      const path = freshPath();
      server.route(path, status(code));
      const error = await fetchEdition(server.url(path)).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isOfacIndexError(error) && error.code).toBe("HTTP_STATUS");
      expect(isOfacIndexError(error) && error.details).toEqual({ status: code });
    }
  });

  it("a conditional refresh: ETag answered 304 gives outcome 'unchanged' after a conditional GET", async () => {
    const path = freshPath();
    const etag = `"${GOOD_SHA.slice(0, 16)}"`;
    const loader = await loaderHoldingGood(path, {}, bytes(GOOD, { etag }));
    const result = await loader.refresh();
    expect(result).toMatchObject({ ok: true, outcome: "unchanged" });
    const gets = server.requests.filter((r) => r.path === path && r.method === "GET");
    expect(gets).toHaveLength(2);
    expect(gets[0]?.headers["if-none-match"]).toBeUndefined();
    expect(gets[1]?.headers["if-none-match"]).toBe(etag);
    expect(gets[1]?.status).toBe(304);
    expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  });

  it("a conditional refresh: a HEAD whose Digest matches the held edition makes no GET", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(path, {}, bytes(GOOD, { digest: true }));
    expect(server.count("GET", path)).toBe(1);
    const result = await loader.refresh();
    expect(result).toMatchObject({ ok: true, outcome: "unchanged" });
    expect(server.count("HEAD", path)).toBe(1);
    expect(server.count("GET", path)).toBe(1);
  });

  it("after a rejected edition, the next refresh is not 'unchanged' though the server answers 304 to its ETag", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(path, {}, bytes(GOOD, { etag: '"good"' }));
    server.route(path, bytes(SHRUNK, { etag: '"shrunk"' }));
    expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "LIST_SHRANK" });
    const again = await loader.refresh();
    expect(again).toMatchObject({ ok: false, outcome: "LIST_SHRANK" });
    expect(loader.freshness().lastRefresh).toMatchObject({ ok: false, outcome: "LIST_SHRANK" });
    expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  });

  it("after a rejected edition in a file source, refreshing the unchanged file is not 'unchanged'", async () => {
    const file = join(await tempDir(), "sdn_advanced.xml");
    await writeFile(file, GOOD);
    const loader = newLoader({ source: file });
    expect(await startAndSettle(loader)).toMatchObject({ ok: true, outcome: "updated" });
    await writeFile(file, SHRUNK);
    expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "LIST_SHRANK" });
    expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "LIST_SHRANK" });
    expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  });

  it("the default User-Agent passes a browser-only gate (Mozilla/<digit>…, ≥ 40 chars) with 200", async () => {
    const path = freshPath();
    const gate = (req: { headers: { "user-agent"?: string | undefined } }) => {
      const ua = req.headers["user-agent"] ?? "";
      return /^Mozilla\/\d/.test(ua) && ua.length >= 40;
    };
    server.route(path, bytes(GOOD, { gate }));
    const refused = newLoader({ source: server.url(path), userAgent: "curl/8.5.0" });
    expect(await startAndSettle(refused)).toMatchObject({ ok: false, outcome: "HTTP_STATUS" });
    expect(server.requests.filter((r) => r.path === path).map((r) => r.status)).toEqual([403]);
    const loader = newLoader({ source: server.url(path) });
    expect(await startAndSettle(loader)).toMatchObject({ ok: true, outcome: "updated" });
    const last = server.requests.filter((r) => r.path === path).at(-1);
    expect(last?.status).toBe(200);
    expect(last?.headers["user-agent"]).toMatch(/^Mozilla\/\d/);
    expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
  });

  it("maxDownloadBytes smaller than a body with Content-Length → SIZE_LIMIT, previous index kept", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(
      path,
      { maxDownloadBytes: GZIP.length + 1024 },
      bytes(GZIP),
    );
    server.route(path, bytes(GOOD));
    const before = Date.now();
    expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "SIZE_LIMIT" });
    expectStillServingGood(loader, "SIZE_LIMIT", before);
  });

  it("maxDownloadBytes smaller than a chunked body (no Content-Length) → SIZE_LIMIT, previous index kept", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(
      path,
      { maxDownloadBytes: GZIP.length + 1024 },
      bytes(GZIP),
    );
    server.route(path, bytes(GOOD, { chunked: true }));
    const before = Date.now();
    expect(await loader.refresh()).toMatchObject({ ok: false, outcome: "SIZE_LIMIT" });
    expectStillServingGood(loader, "SIZE_LIMIT", before);
  });

  it("fails closed: only an unreachable source → not ready; screen, screenMany and freshness throw LIST_UNAVAILABLE", async () => {
    const loader = newLoader({ source: await unreachableUrl() });
    const started = await startAndSettle(loader);
    expect(started).toMatchObject({ ok: false, outcome: "SOURCE_UNREACHABLE" });
    expect(loader.ready).toBe(false);
    expect(loader.index).toBeUndefined();
    const codeOf = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (err) {
        return isOfacIndexError(err) ? err.code : "not an OfacIndexError";
      }
      return undefined;
    };
    expect(codeOf(() => loader.screen(LAZARUS_ETH))).toBe("LIST_UNAVAILABLE");
    expect(codeOf(() => loader.screen("0x0000000000000000000000000000000000000001"))).toBe(
      "LIST_UNAVAILABLE",
    );
    expect(codeOf(() => loader.screenMany([LAZARUS_ETH]))).toBe("LIST_UNAVAILABLE");
    expect(codeOf(() => loader.freshness())).toBe("LIST_UNAVAILABLE");
  });

  it("start-up: with the source down, a new loader serves the last snapshot and shows the source failure", async () => {
    const dir = await tempDir();
    const path = freshPath();
    const events: string[] = [];
    await loaderHoldingGood(path, {
      snapshotDir: dir,
      onEvent: (e) => events.push(e.type),
    });
    expect(events).toContain("stored");
    expect((await readdir(dir)).filter((n) => n.endsWith(".json"))).toHaveLength(1);

    const loader = newLoader({ source: await unreachableUrl(), snapshotDir: dir });
    const started = await startAndSettle(loader);
    expect(started).toMatchObject({ ok: false, outcome: "SOURCE_UNREACHABLE" });
    expect(loader.ready).toBe(true);
    expect(loader.index?.meta.datasetSha256).toBe(GOOD_SHA);
    expect(loader.screen(LAZARUS_ETH).summary.status).toBe("match");
    const freshness = loader.freshness();
    expect(freshness.sample).toBe(false);
    expect(freshness.lastRefresh).toMatchObject({ ok: false, outcome: "SOURCE_UNREACHABLE" });
  });

  it("start-up: with sampleFallback and nothing else, serves the sample flagged sample with a notice", async () => {
    const loader = newLoader({ sampleFallback: true });
    await startAndSettle(loader);
    expect(loader.ready).toBe(true);
    expect(loader.index?.meta.datasetSha256).toBe(SAMPLE_SHA256);
    const freshness = loader.freshness();
    expect(freshness.sample).toBe(true);
    expect(freshness.notice).toContain(SAMPLE_NOTICE);
    expect(loader.screen(LAZARUS_ETH).sourceFreshness.sample).toBe(true);
  });

  it("concurrent refresh() calls share one download", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(path);
    server.route(path, bytes(NEXT));
    const getsBefore = server.count("GET", path);
    const results = await Promise.all([loader.refresh(), loader.refresh(), loader.refresh()]);
    expect(server.count("GET", path) - getsBefore).toBe(1);
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
    expect(results[0]).toMatchObject({ ok: true, outcome: "updated" });
    expect(loader.index?.meta.datasetSha256).toBe(sha256(NEXT));
  });

  it("startPeriodicRefresh(100) picks up a newly published edition, and stop() ends the refreshes", async () => {
    const path = freshPath();
    const loader = await loaderHoldingGood(path);
    loader.startPeriodicRefresh(100);
    server.route(path, bytes(NEXT));
    const deadline = Date.now() + 1500;
    while (loader.index?.meta.datasetSha256 !== sha256(NEXT) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(loader.index?.meta.datasetSha256).toBe(sha256(NEXT));
    expect(loader.freshness().lastRefresh).toMatchObject({ ok: true });
    await loader.stop();
    const seen = server.count(undefined, path);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(server.count(undefined, path)).toBe(seen);
  });
});
