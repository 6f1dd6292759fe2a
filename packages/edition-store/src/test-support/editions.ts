import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SdnIndex } from "@svc/ofac-index";
import { loadIndex, SAMPLE_XML_PATH } from "@svc/ofac-index/node";

const SAMPLE_TEXT = readFileSync(SAMPLE_XML_PATH, "utf8");

/** Editions made from the embedded sample, each with its own SHA-256 and date. */
export const EDITION_TEXTS = {
  /** The sample plus a line end: an edition of the sample's date that is not the sample. */
  current: `${SAMPLE_TEXT}\r\n`,
  /** The same edition published again that day. */
  republished: `${SAMPLE_TEXT}\r\n\r\n`,
  /** Dated a year earlier. */
  older: `${SAMPLE_TEXT}\r\n`.replace(
    /(<DateOfIssue[^>]*>\s*<Year>)(\d{4})(<\/Year>)/,
    (_m, open: string, year: string, close: string) => `${open}${Number(year) - 1}${close}`,
  ),
  /** Dated ten years later (in the future). */
  future: `${SAMPLE_TEXT}\r\n`.replace(
    /(<DateOfIssue[^>]*>\s*<Year>)(\d{4})(<\/Year>)/,
    (_m, open: string, year: string, close: string) => `${open}${Number(year) + 10}${close}`,
  ),
} as const;

/** Each edition parsed as the loader parses a file source. */
export async function editions(): Promise<Record<keyof typeof EDITION_TEXTS, SdnIndex>> {
  const dir = await mkdtemp(join(tmpdir(), "edition-store-editions-"));
  const load = async (name: string, text: string): Promise<SdnIndex> => {
    const path = join(dir, `${name}.xml`);
    await writeFile(path, text);
    return loadIndex(path);
  };
  try {
    const { current, republished, older, future } = EDITION_TEXTS;
    return {
      current: await load("current", current),
      republished: await load("republished", republished),
      older: await load("older", older),
      future: await load("future", future),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
