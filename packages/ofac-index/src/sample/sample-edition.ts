import { fileURLToPath } from "node:url";

/**
 * SHA-256 of `sample/sdn_advanced_sample.xml`, the embedded sample edition: a verbatim excerpt
 * of the 2025-11-19 edition for demos and tests. An index built from these bytes, however it
 * was loaded, always reports `sample: true`.
 */
export const SAMPLE_SHA256 = "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786";

export const SAMPLE_SOURCE_URL = "embedded:sample";

export const SAMPLE_NOTICE =
  "EMBEDDED SAMPLE EDITION: a small excerpt of OFAC's SDN list for demos and tests, not the " +
  "current list. A 'clear' here means nothing; configure the official source for screening.";

/** Absolute path of the embedded sample XML (shipped in the package's `sample/` folder). */
export const SAMPLE_XML_PATH = fileURLToPath(
  new URL("../../sample/sdn_advanced_sample.xml", import.meta.url),
);
