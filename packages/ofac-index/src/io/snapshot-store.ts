import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SdnIndex } from "../index/sdn-index.js";
import { decodeSnapshot, encodeSnapshot, type Snapshot } from "../snapshot/snapshot-codec.js";

const FILE = /^(\d{4}-\d{2}-\d{2})_([0-9a-f]{64})\.json$/;

export interface StoredEdition {
  readonly datasetDate: string;
  readonly datasetSha256: string;
  readonly path: string;
}

/**
 * A directory of editions, one compact JSON file per distinct edition (by SHA-256), named
 * `<DateOfIssue>_<sha256>.json`. Writes are atomic (temp file + rename); unreadable files are
 * skipped, never served.
 */
export class SnapshotStore {
  constructor(readonly dir: string) {}

  private pathOf(date: string, sha: string): string {
    return join(this.dir, `${date}_${sha}.json`);
  }

  /** Stores the index's edition unless that edition is already stored. */
  async put(index: SdnIndex, storedAt: Date): Promise<{ path: string; created: boolean }> {
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(index.meta.datasetDate, index.meta.datasetSha256);
    if ((await this.list()).some((e) => e.path === path)) return { path, created: false };
    const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
    const edition = { meta: index.meta, designations: index.designations };
    await writeFile(tmp, encodeSnapshot(edition, index.provenance, storedAt.toISOString()));
    await rename(tmp, path);
    return { path, created: true };
  }

  /** Stored editions by file name, oldest date first. */
  async list(): Promise<StoredEdition[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    return names
      .map((name) => FILE.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({
        datasetDate: m[1] as string,
        datasetSha256: m[2] as string,
        path: join(this.dir, m[0]),
      }))
      .sort((a, b) => (a.datasetDate < b.datasetDate ? -1 : a.datasetDate > b.datasetDate ? 1 : 0));
  }

  async read(entry: StoredEdition): Promise<Snapshot> {
    return decodeSnapshot(await readFile(entry.path, "utf8"), entry.path);
  }

  /** Every readable stored edition, ordered by date, then by when it was first stored. */
  async all(): Promise<Snapshot[]> {
    const snapshots: Snapshot[] = [];
    for (const entry of await this.list()) {
      try {
        snapshots.push(await this.read(entry));
      } catch {
        // A damaged file is never served; the next good one is.
      }
    }
    return snapshots.sort((a, b) =>
      a.edition.meta.datasetDate === b.edition.meta.datasetDate
        ? a.storedAt < b.storedAt
          ? -1
          : 1
        : a.edition.meta.datasetDate < b.edition.meta.datasetDate
          ? -1
          : 1,
    );
  }

  /** The newest readable edition as an index, or undefined. */
  async latest(): Promise<SdnIndex | undefined> {
    const entries = await this.list();
    // Newest date first; within a date, the edition stored last. Damaged files are passed over.
    const dates = [...new Set(entries.map((e) => e.datasetDate))].reverse();
    for (const date of dates) {
      const readable: Snapshot[] = [];
      for (const entry of entries.filter((e) => e.datasetDate === date)) {
        try {
          readable.push(await this.read(entry));
        } catch {
          // skipped: never serve a damaged snapshot
        }
      }
      const newest = readable.sort((a, b) => (a.storedAt < b.storedAt ? -1 : 1)).at(-1);
      if (newest !== undefined) return SdnIndex.fromEdition(newest.edition, newest.provenance);
    }
    return undefined;
  }
}
