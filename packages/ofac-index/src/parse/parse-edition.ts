import type { Edition } from "../model/types.js";
import { assembleEdition } from "./assemble-edition.js";
import { type ByteSource, xmlBytes } from "./byte-source.js";
import { FastScanner } from "./fast-scanner.js";
import { FullScanner } from "./full-scanner.js";

export interface ParseOptions {
  /**
   * `fast` (default) parses in full every element that can hold a digital-currency address and
   * skips the rest by byte search. `full` runs every byte through the XML parser.
   */
  readonly mode?: "fast" | "full";
  /** Refuse XML larger than this (bytes after decompression). Default 1 GiB. */
  readonly maxXmlBytes?: number;
}

/**
 * Parses an SDN Advanced XML edition (plain or gzip, from bytes or a stream) into its
 * digital-currency-address designations. Pure: no files, network or clock.
 */
export async function parseEdition(
  source: ByteSource,
  options: ParseOptions = {},
): Promise<Edition> {
  const scanner =
    options.mode === "full"
      ? new FullScanner(options.maxXmlBytes)
      : new FastScanner(
          options.maxXmlBytes === undefined ? {} : { maxXmlBytes: options.maxXmlBytes },
        );
  for await (const chunk of xmlBytes(source)) scanner.push(chunk);
  return assembleEdition(scanner.end());
}
