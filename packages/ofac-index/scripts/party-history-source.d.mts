import type { Readable } from "node:stream";
import type { PartyHistory } from "../dist/index.js";

/** The I/O the derivation is given: a file's stream and a file's text. */
export interface PartyHistoryIo {
  readonly openStream: (path: string) => Readable;
  readonly readFile: (path: string) => string;
}

/** The embedded party history derived from the shared data in `dir`, its module text, and the addresses with no known party. */
export declare function embeddedPartyHistory(
  dir: string,
  io: PartyHistoryIo,
): Promise<{ history: PartyHistory; module: string; unmapped: number }>;
