import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { SdnIndex } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";

/** `../shared/data/ofac/xml` beside the repository (CI provides it; it is never committed). */
const XML_DIR = fileURLToPath(new URL("../../../../../shared/data/ofac/xml/", import.meta.url));
if (!existsSync(XML_DIR)) {
  throw new Error(
    `real OFAC data not found at ${XML_DIR}: tests need ../shared beside the repository`,
  );
}

/** OFAC's real editions, by date (two on 2025-11-19: a and b, in publication order). */
export const EDITIONS = {
  "2024-05-28": "sdn_advanced_2024-05-28_863828489e.xml.gz",
  "2025-03-04": "sdn_advanced_2025-03-04_e1b6b13562.xml.gz",
  "2025-03-21": "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz",
  "2025-11-19a": "sdn_advanced_2025-11-19_36364b9cd3.xml.gz",
  "2025-11-19b": "sdn_advanced_2025-11-19_3ed6690688.xml.gz",
} as const;

const loaded = new Map<string, Promise<SdnIndex>>();

/** A real edition, parsed once per test file. */
export function edition(date: keyof typeof EDITIONS): Promise<SdnIndex> {
  let index = loaded.get(date);
  if (index === undefined) {
    index = loadIndex(`${XML_DIR}${EDITIONS[date]}`);
    loaded.set(date, index);
  }
  return index;
}
