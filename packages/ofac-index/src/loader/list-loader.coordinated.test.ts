import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadIndex } from "../io/load-index.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import { SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import { ListLoader } from "./list-loader.js";
import type { LoaderEvent } from "./loader-event.js";
import type { ListLoaderOptions } from "./loader-options.js";
import type { EditionAnnouncement, RefreshCoordinator } from "./refresh-coordinator.js";

const sha256 = (data: string): string => createHash("sha256").update(data).digest("hex");

const SAMPLE_TEXT = readFileSync(SAMPLE_XML_PATH, "utf8");
/** Editions other than the sample (the sample is never stored as an OFAC edition). */
const GOOD = `${SAMPLE_TEXT}\r\n`;
/** The same day's edition published again (another SHA-256). */
const REPUBLISHED = `${SAMPLE_TEXT}\r\n\r\n`;
/** The good edition dated a year earlier. */
const OLDER = GOOD.replace(
  /(<DateOfIssue[^>]*>\s*<Year>)(\d{4})(<\/Year>)/,
  (_m, open: string, year: string, close: string) => `${open}${Number(year) - 1}${close}`,
);

/**
 * Replicas in one process: the lock one replica holds at a time and the announcements each
 * hears from the others, as a shared database gives them (`@svc/edition-store` implements it on
 * PostgreSQL). `hold()` takes the lock as another replica would, until released.
 */
class SharedCoordination {
  private holder: symbol | undefined;
  private readonly listeners = new Map<symbol, (a: EditionAnnouncement) => void>();

  replica(): RefreshCoordinator {
    const id = Symbol("replica");
    return {
      exclusive: async (work) => {
        if (this.holder !== undefined) return { ran: false };
        this.holder = id;
        try {
          return { ran: true, value: await work() };
        } finally {
          this.holder = undefined;
        }
      },
      announce: async (sha256) => {
        for (const [other, listener] of this.listeners) {
          if (other !== id) listener({ type: "edition", sha256 });
        }
      },
      subscribe: (listener) => {
        this.listeners.set(id, listener);
        return async () => {
          this.listeners.delete(id);
        };
      },
    };
  }

  /** Takes the lock as a replica busy refreshing; resolves to its release. */
  hold(): () => void {
    const id = Symbol("busy replica");
    this.holder = id;
    return () => {
      if (this.holder === id) this.holder = undefined;
    };
  }

  /** Every replica hears that announcements may have been missed. */
  resync(): void {
    for (const listener of this.listeners.values()) listener({ type: "resync" });
  }
}

const dirs: string[] = [];
const loaders: ListLoader[] = [];

afterEach(async () => {
  for (const loader of loaders.splice(0)) await loader.stop();
});

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ofac-index-coordinated-"));
  dirs.push(dir);
  return dir;
}

/** A loader on the shared store and coordination, recording its events. */
function replica(
  options: ListLoaderOptions & { store: SnapshotStore; coordinator: RefreshCoordinator },
): { loader: ListLoader; events: LoaderEvent[] } {
  const events: LoaderEvent[] = [];
  const loader = new ListLoader({ ...options, onEvent: (e) => events.push(e) });
  loaders.push(loader);
  return { loader, events };
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

/** Two replicas reading one file source, sharing a snapshot store and coordination. */
async function twoReplicas() {
  const dir = await tempDir();
  const source = join(dir, "sdn.xml");
  await writeFile(source, GOOD);
  const store = new SnapshotStore(join(dir, "snapshots"));
  const shared = new SharedCoordination();
  const a = replica({ source, store, coordinator: shared.replica() });
  await a.loader.start();
  expect(await a.loader.settled()).toMatchObject({ ok: true, outcome: "updated" });
  const b = replica({ source, store, coordinator: shared.replica() });
  return { dir, source, store, shared, a, b };
}

describe("replicas sharing an edition store and a refresh coordinator", () => {
  it("a replica that starts serves the stored edition at once, and its own check confirms it", async () => {
    const { b } = await twoReplicas();
    await b.loader.start();
    expect(b.loader.index?.meta.datasetSha256).toBe(sha256(GOOD));
    expect(await b.loader.settled()).toMatchObject({ ok: true, outcome: "unchanged" });
  });

  it("an edition one replica stores is announced and adopted by the other without a refresh of its own", async () => {
    const { source, a, b } = await twoReplicas();
    await b.loader.start();
    await b.loader.settled();
    await writeFile(source, REPUBLISHED);
    expect(await a.loader.refresh()).toMatchObject({ ok: true, outcome: "updated" });
    await until(() => b.loader.index?.meta.datasetSha256 === sha256(REPUBLISHED));
    expect(b.loader.index?.meta.datasetSha256).toBe(sha256(REPUBLISHED));
    expect(b.events).toContainEqual(
      expect.objectContaining({ type: "adopted", datasetSha256: sha256(REPUBLISHED) }),
    );
    // The adopting replica refreshed nothing itself: its last attempt is still its start-up check.
    expect(b.loader.lastRefresh).toMatchObject({ outcome: "unchanged" });
  });

  it("an announcement of the edition a replica serves confirms it current", async () => {
    const { a, b } = await twoReplicas();
    await b.loader.start();
    await b.loader.settled();
    b.events.length = 0;
    expect(await a.loader.refresh()).toMatchObject({ ok: true, outcome: "unchanged" });
    await until(() => b.events.some((e) => e.type === "unchanged"));
    expect(b.events).toContainEqual({ type: "unchanged", from: "another replica" });
  });

  it("while another replica refreshes, an attempt is skipped: ok, not a failure, no retry scheduled", async () => {
    const { shared, b } = await twoReplicas();
    await b.loader.start();
    await b.loader.settled();
    b.loader.startPeriodicRefresh(60_000);
    const release = shared.hold();
    try {
      const status = await b.loader.refresh();
      expect(status).toMatchObject({ ok: true, outcome: "skipped" });
      expect(status.message).toContain("another replica is refreshing");
      expect(b.events).toContainEqual({ type: "skipped", from: expect.any(String) });
      expect(
        b.events.some((e) => e.type === "retry-scheduled" || e.type === "refresh-failed"),
      ).toBe(false);
      expect(b.loader.index?.meta.datasetSha256).toBe(sha256(GOOD));
    } finally {
      release();
    }
  });

  it("skipped with nothing to serve: not ready, and the attempt counts for a sooner retry", async () => {
    const dir = await tempDir();
    const source = join(dir, "sdn.xml");
    await writeFile(source, GOOD);
    const shared = new SharedCoordination();
    const { loader } = replica({
      source,
      store: new SnapshotStore(join(dir, "snapshots")),
      coordinator: shared.replica(),
    });
    const release = shared.hold();
    try {
      await loader.start();
      expect(await loader.settled()).toMatchObject({ ok: false, outcome: "skipped" });
      expect(loader.ready).toBe(false);
    } finally {
      release();
    }
  });

  it("a refresh first adopts the store's newest edition when the announcement was missed", async () => {
    const { source, store, a, b } = await twoReplicas();
    await b.loader.start();
    await b.loader.settled();
    await b.loader.stop(); // hears nothing from now on
    await writeFile(source, REPUBLISHED);
    expect(await a.loader.refresh()).toMatchObject({ ok: true, outcome: "updated" });
    expect(b.loader.index?.meta.datasetSha256).toBe(sha256(GOOD));
    // The file's stamp B remembered belongs to the edition it replaced: the file is read again.
    expect(await b.loader.refresh()).toMatchObject({ ok: true, outcome: "unchanged" });
    expect(b.loader.index?.meta.datasetSha256).toBe(sha256(REPUBLISHED));
    expect(b.events).toContainEqual(
      expect.objectContaining({ type: "adopted", from: `snapshot:${store.location}` }),
    );
  });

  it("after a resync (a listener reconnected), the store's newest edition is served", async () => {
    const { source, shared, store, a } = await twoReplicas();
    const coordinator = shared.replica();
    const c = replica({ source: join(source, "missing"), store, coordinator });
    await c.loader.start();
    await c.loader.settled();
    await writeFile(source, REPUBLISHED);
    // Stored without an announcement: as if C's listener was down at the time.
    const next = await loadIndex(source);
    await store.put(next, new Date());
    expect(c.loader.index?.meta.datasetSha256).toBe(sha256(GOOD));
    shared.resync();
    await until(() => c.loader.index?.meta.datasetSha256 === sha256(REPUBLISHED));
    expect(c.loader.index?.meta.datasetSha256).toBe(sha256(REPUBLISHED));
    expect(a.loader.index?.meta.datasetSha256).toBe(sha256(REPUBLISHED));
  });

  it("an announced edition older than the served one is not adopted", async () => {
    const { source, store, shared, b } = await twoReplicas();
    await b.loader.start();
    await b.loader.settled();
    await writeFile(source, OLDER);
    const older = await loadIndex(source);
    await store.put(older, new Date());
    await shared.replica().announce(older.meta.datasetSha256);
    await new Promise((r) => setTimeout(r, 50));
    expect(b.loader.index?.meta.datasetSha256).toBe(sha256(GOOD));
    expect(b.events.some((e) => e.type === "adopted")).toBe(false);
  });

  it("a coordinator without a store is refused", () => {
    expect(() => new ListLoader({ coordinator: new SharedCoordination().replica() })).toThrow(
      RangeError,
    );
  });
});
