import { SdnIndex } from "../index/sdn-index.js";
import { type LoadOptions, loadIndex, loadSample } from "../io/load-index.js";
import { parseEdition } from "../parse/parse-edition.js";
import { decodeSnapshot } from "../snapshot/snapshot-codec.js";
import { UsageError } from "./cli-error.js";

/** What a command's FILE may be to mean standard input. */
export const STDIN = "-";

/** `sourceUrl` of an edition read from standard input. */
export const STDIN_SOURCE = "stdin:";

/** Reads all of standard input (its size is unknown, so no progress is shown). */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  }
  return Buffer.concat(chunks);
}

/** An index from the bytes on standard input: a snapshot when they start with `{`, else XML. */
async function loadStdin(options: LoadOptions): Promise<SdnIndex> {
  const bytes = await readStdin();
  const refreshedAt = (options.now ?? new Date()).toISOString();
  const head = bytes.subarray(0, 64).toString("utf8").trimStart();
  if (head.startsWith("{")) {
    const snapshot = decodeSnapshot(bytes.toString("utf8"), "standard input");
    return SdnIndex.fromEdition(snapshot.edition, snapshot.provenance);
  }
  const edition = await parseEdition(bytes, options);
  return SdnIndex.fromEdition(edition, { sourceUrl: STDIN_SOURCE, refreshedAt, sample: false });
}

/**
 * The list a command works on: FILE (XML, .xml.gz or snapshot), `-` for standard input, or the
 * embedded sample when there is no FILE.
 */
export function loadList(file: string | undefined, options: LoadOptions = {}): Promise<SdnIndex> {
  if (file === undefined) return loadSample();
  return file === STDIN ? loadStdin(options) : loadIndex(file, options);
}

/** Refuses a command line that names standard input twice (it can be read only once). */
export function assertOneStdin(files: readonly (string | undefined)[]): void {
  if (files.filter((f) => f === STDIN).length > 1) {
    throw new UsageError("standard input (-) can be read only once");
  }
}
