import type { SdnIndex } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attestedEditions, KEPT_EDITIONS } from "./attested-editions.js";

// A stored edition stands in as a copy of the sample under another SHA-256: what matters here
// is how often, and how many at once, the store is asked.
let loader: ListLoader;
let loaded: SdnIndex;
beforeAll(async () => {
  loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  loaded = loader.index as SdnIndex;
});
afterAll(async () => {
  await loader?.stop();
});

const shaOf = (n: number) => n.toString(16).padStart(64, "0");

/** A store that answers only when told to, and counts what it is asked. */
function controlledStore() {
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  let reads = 0;
  return {
    lookup: (sha: string) => {
      reads++;
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      return new Promise<SdnIndex | undefined>((resolve) => {
        pending.push(() => {
          inFlight--;
          resolve(sha === shaOf(404) ? undefined : Object.create(loaded));
        });
      });
    },
    /** Answers every read, the ones queued behind others too, until none is left. */
    release: async () => {
      const settle = () => new Promise((r) => setImmediate(r));
      await settle();
      while (pending.length > 0) {
        pending.shift()?.();
        await settle();
      }
    },
    stats: () => ({ reads, mostAtOnce }),
  };
}

describe("the editions the free verification route re-screens on", () => {
  it("the loaded edition is answered without asking the store", async () => {
    const store = controlledStore();
    const lookup = attestedEditions(() => loaded, store.lookup);
    expect(await lookup(loaded.meta.datasetSha256.toUpperCase())).toBe(loaded);
    expect(store.stats().reads).toBe(0);
  });

  it("unpaid callers asking for many stored editions at once get them read one at a time", async () => {
    const store = controlledStore();
    const lookup = attestedEditions(() => loaded, store.lookup);
    const asked = [1, 2, 1, 2, 3].map((n) => lookup(shaOf(n)));
    await store.release();
    const found = await Promise.all(asked);
    expect(found.every((index) => index !== undefined)).toBe(true);
    expect(store.stats().mostAtOnce).toBe(1);
    // The second 1 and 2, queued behind the first, came from what was kept, not the store.
    expect(store.stats().reads).toBe(3);
  });

  it(`keeps the last ${KEPT_EDITIONS} read; an edition the store does not hold is asked again next time`, async () => {
    const store = controlledStore();
    const lookup = attestedEditions(() => loaded, store.lookup);
    const read = async (n: number) => {
      const found = lookup(shaOf(n));
      await store.release();
      return found;
    };
    await read(1);
    await read(2);
    await read(1); // kept
    await read(3); // evicts 2, the least recently used
    expect(store.stats().reads).toBe(3);
    await read(1); // still kept
    expect(store.stats().reads).toBe(3);
    await read(2);
    expect(store.stats().reads).toBe(4);
    expect(await read(404)).toBeUndefined();
    expect(await read(404)).toBeUndefined();
    expect(store.stats().reads).toBe(6);
  });

  it("without a store, only the loaded edition is found", async () => {
    const lookup = attestedEditions(() => loaded, undefined);
    expect(await lookup(shaOf(1))).toBeUndefined();
    expect(await lookup(loaded.meta.datasetSha256)).toBe(loaded);
  });
});
