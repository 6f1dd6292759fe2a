import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SdnIndex } from "../index/sdn-index.js";
import { decodeSnapshot, encodeSnapshot, type Snapshot } from "../snapshot/snapshot-codec.js";
import type { EditionStore, StoredEditionSummary } from "./edition-store.js";

const FILE = /^(\d{4}-\d{2}-\d{2})_([0-9a-f]{64})\.json$/;
/** A write in progress (or abandoned by a killed process): `<file>.tmp-<pid>-<ms>`. */
const TEMP = /\.tmp-(\d+)-\d+$/;

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

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
export class SnapshotStore implements EditionStore {
  /** Summaries by file path: a stored file never changes (its name is its SHA-256). */
  private readonly summaryCache = new Map<string, StoredEditionSummary>();

  constructor(readonly dir: string) {}

  /** The directory: where the editions are. */
  get location(): string {
    return this.dir;
  }

  /**
   * Removes temp files left by writes that never finished (a process killed mid-write). A temp
   * file whose writer still runs on this machine is left alone. Returns the paths removed.
   */
  async removeTempFiles(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      const m = TEMP.exec(name);
      if (m === null) continue;
      const pid = Number(m[1]);
      if (pid !== process.pid && processAlive(pid)) continue;
      const path = join(this.dir, name);
      try {
        await unlink(path);
        removed.push(path);
      } catch {
        // gone already (another process cleaned it up)
      }
    }
    return removed;
  }

  private pathOf(date: string, sha: string): string {
    return join(this.dir, `${date}_${sha}.json`);
  }

  /** Stores the index's edition unless that edition is already stored. */
  async put(
    index: SdnIndex,
    storedAt: Date,
  ): Promise<{ path: string; location: string; created: boolean }> {
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(index.meta.datasetDate, index.meta.datasetSha256);
    if ((await this.list()).some((e) => e.path === path)) {
      return { path, location: path, created: false };
    }
    const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
    const edition = index.edition;
    await writeFile(tmp, encodeSnapshot(edition, index.provenance, storedAt.toISOString()));
    await rename(tmp, path);
    return { path, location: path, created: true };
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

  /** Every readable stored edition's summary, newest date first (then the last stored first). */
  async summaries(): Promise<StoredEditionSummary[]> {
    const out: StoredEditionSummary[] = [];
    for (const entry of await this.list()) {
      let summary = this.summaryCache.get(entry.path);
      if (summary === undefined) {
        try {
          const snapshot = await this.read(entry);
          summary = Object.freeze({
            datasetDate: snapshot.edition.meta.datasetDate,
            datasetSha256: snapshot.edition.meta.datasetSha256,
            addressCount: new Set(snapshot.edition.designations.map((d) => d.normalizedAddress))
              .size,
            storedAt: snapshot.storedAt,
          });
          this.summaryCache.set(entry.path, summary);
        } catch {
          continue; // a damaged file is never listed
        }
      }
      out.push(summary);
    }
    return out.sort((a, b) =>
      a.datasetDate === b.datasetDate
        ? a.storedAt < b.storedAt
          ? 1
          : -1
        : a.datasetDate < b.datasetDate
          ? 1
          : -1,
    );
  }

  /** A stored edition by its SHA-256, as an index, or undefined (absent or unreadable). */
  async bySha(sha256: string): Promise<SdnIndex | undefined> {
    const entry = (await this.list()).find((e) => e.datasetSha256 === sha256.toLowerCase());
    if (entry === undefined) return undefined;
    try {
      const snapshot = await this.read(entry);
      return SdnIndex.fromEdition(snapshot.edition, snapshot.provenance);
    } catch {
      return undefined;
    }
  }

  /**
   * The newest readable edition as an index, or undefined. With `notAfter`, editions dated
   * later than it (a future-dated edition stored before such editions were refused) are passed
   * over: they must never be served, nor make real editions look older.
   */
  async latest(notAfter?: string): Promise<SdnIndex | undefined> {
    const entries = (await this.list()).filter(
      (e) => notAfter === undefined || e.datasetDate <= notAfter,
    );
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
