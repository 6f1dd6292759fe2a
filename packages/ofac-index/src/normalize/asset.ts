import { OfacIndexError } from "../errors/ofac-index-error.js";

/**
 * Common names for tickers that OFAC spells differently. OFAC uses ISO-4217-style `XBT` for
 * Bitcoin; everything else is OFAC's own ticker. BSC and BNB stay distinct: OFAC lists both.
 */
export const ASSET_ALIASES: Readonly<Record<string, string>> = Object.freeze({ BTC: "XBT" });

const TICKER = /^[A-Z0-9]{2,12}$/;

/** Canonical ticker for an asset filter, or an `UNSUPPORTED_ASSET` error naming what is covered. */
export function resolveAsset(input: string, covered: readonly string[]): string {
  const upper = input.trim().toUpperCase();
  const ticker = ASSET_ALIASES[upper] ?? upper;
  if (!TICKER.test(ticker) || !covered.includes(ticker)) {
    throw new OfacIndexError(
      "UNSUPPORTED_ASSET",
      `asset "${input}" is not covered by this list edition; covered: ${covered.join(", ")}` +
        ` (aliases: ${Object.entries(ASSET_ALIASES)
          .map(([a, t]) => `${a}→${t}`)
          .join(", ")})`,
      { details: { asset: input, coveredAssets: [...covered] } },
    );
  }
  return ticker;
}
