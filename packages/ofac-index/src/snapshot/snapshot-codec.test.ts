import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SdnIndex } from "../index/sdn-index.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import { sampleIndex } from "../test-support/editions.js";
import { decodeSnapshot, encodeSnapshot } from "./snapshot-codec.js";

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), "ofac-snap-"));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("snapshot codec", () => {
  it("round-trips an edition: same designations, same screening answers", async () => {
    const index = await sampleIndex();
    const json = encodeSnapshot(
      { meta: index.meta, designations: index.designations },
      index.provenance,
      "2026-01-01T00:00:00.000Z",
    );
    const back = decodeSnapshot(json);
    expect(back.edition.meta).toEqual(index.meta);
    expect(back.edition.designations).toEqual(index.designations);
    const again = SdnIndex.fromEdition(back.edition, back.provenance);
    for (const [, address] of index.pairs())
      expect(again.screen(address)).toEqual(index.screen(address));
  });

  it("is compact: parties are stored once", async () => {
    const index = await sampleIndex();
    const json = encodeSnapshot(
      { meta: index.meta, designations: index.designations },
      index.provenance,
      "x",
    );
    expect(JSON.parse(json).parties).toHaveLength(
      new Set(index.designations.map((d) => d.party.profileId)).size,
    );
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    ["another format", '{"format":"other"}', /not a valid snapshot: format/],
    ["a bad hash", null, /edition\.datasetSha256/],
    ["a dangling party index", "dangling", /names party 99/],
  ])("refuses %s with the path of the problem", async (_label, input, message) => {
    const index = await sampleIndex();
    const good = JSON.parse(
      encodeSnapshot({ meta: index.meta, designations: index.designations }, index.provenance, "x"),
    );
    let json = input as string;
    if (input === null)
      json = JSON.stringify({ ...good, edition: { ...good.edition, datasetSha256: "XYZ" } });
    if (input === "dangling") {
      good.designations[0][3] = 99;
      json = JSON.stringify(good);
    }
    expect(() => decodeSnapshot(json)).toThrow(
      expect.objectContaining({
        code: "SNAPSHOT_INVALID",
        message: expect.stringMatching(message),
      }),
    );
  });
});

describe("SnapshotStore", () => {
  it("stores an edition once, named by date and SHA-256, and serves it as the latest", async () => {
    const store = new SnapshotStore(await tempDir());
    const index = await sampleIndex();
    expect((await store.put(index, new Date("2026-01-01"))).created).toBe(true);
    expect((await store.put(index, new Date("2026-01-02"))).created).toBe(false);
    expect(await readdir(store.dir)).toEqual([`2025-11-19_${index.meta.datasetSha256}.json`]);
    const latest = await store.latest();
    expect(latest?.meta).toEqual(index.meta);
    expect(latest?.screen("0x098B716B8Aaf21512996dC57EB0615e2383E2f96").summary.status).toBe(
      "match",
    );
  });

  it("passes over a damaged snapshot file and serves the next good one", async () => {
    const store = new SnapshotStore(await tempDir());
    const index = await sampleIndex();
    await store.put(index, new Date("2026-01-01"));
    await writeFile(join(store.dir, `2030-01-01_${"a".repeat(64)}.json`), "{ damaged");
    expect((await store.latest())?.meta.datasetSha256).toBe(index.meta.datasetSha256);
  });

  it("is empty, not failing, when the directory does not exist", async () => {
    const store = new SnapshotStore(join(await tempDir(), "missing"));
    expect(await store.latest()).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });
});
