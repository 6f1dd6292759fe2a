import { readFileSync } from "node:fs";
import type { ScreeningAnswer } from "../claims/attestation-claims.js";

/**
 * A real batch answer of @svc/ofac-index on the 2025-11-19 edition (SHA-256 36c517bd…), recorded
 * with `ofac-index screen 0x098B716B8Aaf21512996dC57EB0615e2383E2f96
 * 123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX 0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff
 * 0x0000000000000000000000000000000000000001 --asset ETH --list
 * sdn_advanced_2025-11-19_3ed6690688.xml.gz`: three matches (ETH; XBT; ETH and USDT) and one
 * clear address. (This package does not depend on @svc/ofac-index; its CLI tests screen live.)
 */
export const REAL_BATCH_ANSWER: Extract<ScreeningAnswer, { results: unknown }> = JSON.parse(
  readFileSync(new URL("./screen-batch-2025-11-19.json", import.meta.url), "utf8"),
);

export const EDITION_2025_11_19_SHA256 =
  "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";

export const TX_HASH = `0x${"ab".repeat(32)}`;
