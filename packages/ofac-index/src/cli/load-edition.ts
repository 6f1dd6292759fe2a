import { SdnIndex } from "../index/sdn-index.js";
import { type LoadOptions, loadIndex, loadSample } from "../io/load-index.js";
import { parseEdition } from "../parse/parse-edition.js";
import { decodeSnapshot } from "../snapshot/snapshot-codec.js";
import { UsageError } from "./cli-error.js";
import { EXIT, type ExitCode } from "./exit-codes.js";

/** What a command's FILE may be to mean standard input. */
const STDIN = "-";

/** `sourceUrl` of an edition read from standard input. */
const STDIN_SOURCE = "stdin:";

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

/** Notices already written (a command reading the sample twice says so once). */
const noticed = new Set<string>();

/**
 * One line on stderr when an edition is the embedded sample (`--sample`, or its file named as
 * FILE): an excerpt for demos and tests, whose "clear" means nothing. Commands write it with
 * their output, so that a refusal's first line stays its `ofac-index: CODE: message`.
 */
export function sampleNotice(index: SdnIndex): void {
  if (!index.provenance.sample || noticed.has(index.meta.datasetSha256)) return;
  noticed.add(index.meta.datasetSha256);
  process.stderr.write(
    `ofac-index: notice: the embedded sample edition is an excerpt (${index.addressCount} addresses of the ${index.meta.datasetDate} edition) for demos and tests, NOT the OFAC list: "clear" from it means nothing; screen against an OFAC edition with --list FILE\n`,
  );
}

/** The edition FILE names: XML, .xml.gz or snapshot; `-` for standard input. */
export function loadEditionFile(file: string, options: LoadOptions = {}): Promise<SdnIndex> {
  if (file === "") throw new UsageError("an empty string is not a FILE");
  return file === STDIN ? loadStdin(options) : loadIndex(file, options);
}

/** Where a command's edition comes from: `--list FILE` or `--sample`, exactly one of them. */
export interface EditionChoice {
  readonly list?: string | undefined;
  readonly sample?: boolean | undefined;
}

/**
 * The edition `--list FILE` names, or the embedded sample with `--sample`. Neither is a usage
 * error: no command falls back to the sample silently, as its "clear" means nothing.
 */
export async function loadChosenEdition(
  choice: EditionChoice,
  command: string,
  options: LoadOptions = {},
): Promise<SdnIndex> {
  if (choice.list !== undefined && choice.sample === true) {
    throw new UsageError(
      "--list FILE and --sample exclude each other: give the edition to screen against, or --sample for the demo excerpt",
      command,
    );
  }
  if (choice.sample === true) return loadSample(options.now);
  if (choice.list === undefined) {
    throw new UsageError(
      `${command} needs the list to screen against: --list FILE (an OFAC SDN Advanced XML, .xml.gz or snapshot; - for standard input), or --sample for the embedded demo excerpt, which is NOT the OFAC list`,
      command,
    );
  }
  if (choice.list === "") throw new UsageError("--list needs a FILE, not an empty string", command);
  return loadEditionFile(choice.list, options);
}

/** Refuses a command line that names standard input twice (it can be read only once). */
export function assertOneStdin(files: readonly (string | undefined)[], command?: string): void {
  if (files.filter((f) => f === STDIN).length > 1) {
    throw new UsageError("standard input (-) can be read only once", command);
  }
}

/** How a command's FILE argument is explained by `--help`. */
export const EDITION_ARGUMENT = [
  "FILE",
  "the edition: an OFAC SDN Advanced XML (.xml or .xml.gz), a snapshot written by ofac-index build, or - to read either from standard input",
] as const;

/** The exit codes of a command that reads one edition and prints what it holds. */
export const ONE_EDITION_EXIT_CODES: ReadonlyArray<readonly [ExitCode, string]> = [
  [EXIT.OK, "printed"],
  [EXIT.FAILURE, 'the edition does not load: "ofac-index: CODE: message" on stderr'],
  [EXIT.USAGE, "usage error: no FILE, or more than one"],
];

/** The one edition a command names (`FILE`), loaded, with the sample's notice when it is the sample. */
export async function loadOneEdition(files: readonly string[], command: string): Promise<SdnIndex> {
  if (files.length !== 1) throw new UsageError(`${command} needs exactly one FILE`, command);
  const index = await loadEditionFile(files[0] as string);
  sampleNotice(index);
  return index;
}
