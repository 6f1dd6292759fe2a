import { open } from "node:fs/promises";
import { SdnIndex } from "../index/sdn-index.js";
import { type ParseOptions, parseEdition } from "../parse/parse-edition.js";
import { SAMPLE_SOURCE_URL, SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import { decodeSnapshot } from "../snapshot/snapshot-codec.js";
import { fetchEdition, type HttpFetchOptions } from "./http-source.js";
import { isHttpUrl, openFile } from "./open-source.js";

export interface LoadOptions extends ParseOptions {
  /** The time recorded as `refreshedAt`. Defaults to now. */
  readonly now?: Date;
  /** Progress of a file read: bytes read so far and the file's size. */
  readonly onBytes?: (bytesSoFar: number, totalBytes: number) => void;
  readonly http?: Omit<HttpFetchOptions, "validators" | "knownSha256">;
}

async function startsWithBrace(path: string): Promise<boolean> {
  const handle = await open(path);
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buf, 0, 64, 0);
    return buf.subarray(0, bytesRead).toString("utf8").trimStart().startsWith("{");
  } finally {
    await handle.close();
  }
}

/**
 * Loads an index from a location: an http(s) URL of an SDN Advanced XML, or a file that is an
 * XML (`.xml` or gzip) or a snapshot written by `SnapshotStore`/`ofac-index build`.
 */
export async function loadIndex(location: string, options: LoadOptions = {}): Promise<SdnIndex> {
  const refreshedAt = (options.now ?? new Date()).toISOString();
  if (isHttpUrl(location)) {
    const res = await fetchEdition(location, options.http);
    if (res.status !== "ok") throw new Error("unconditional fetch answered not-modified");
    const edition = await parseEdition(res.body, options);
    return SdnIndex.fromEdition(edition, { sourceUrl: location, refreshedAt, sample: false });
  }
  const file = await openFile(location, options.onBytes);
  if (await startsWithBrace(location)) {
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    const snapshot = decodeSnapshot(Buffer.concat(chunks).toString("utf8"), location);
    return SdnIndex.fromEdition(snapshot.edition, snapshot.provenance);
  }
  const edition = await parseEdition(file.body, options);
  return SdnIndex.fromEdition(edition, { sourceUrl: file.url, refreshedAt, sample: false });
}

/** The embedded sample edition (flagged `sample: true` everywhere it shows). */
export async function loadSample(now: Date = new Date()): Promise<SdnIndex> {
  const file = await openFile(SAMPLE_XML_PATH);
  const edition = await parseEdition(file.body);
  return SdnIndex.fromEdition(edition, {
    sourceUrl: SAMPLE_SOURCE_URL,
    refreshedAt: now.toISOString(),
    sample: true,
  });
}
