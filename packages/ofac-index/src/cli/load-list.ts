import type { SdnIndex } from "../index/sdn-index.js";
import { type LoadOptions, loadIndex, loadSample } from "../io/load-index.js";

/** The list a command works on: FILE (XML, .xml.gz or snapshot), or the embedded sample. */
export function loadList(file: string | undefined, options: LoadOptions = {}): Promise<SdnIndex> {
  return file === undefined ? loadSample() : loadIndex(file, options);
}
