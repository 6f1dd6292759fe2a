import * as v from "valibot";

/** An x402 protocol version the service takes payments in. */
export type X402Version = 1 | 2;

/** Both: v2 (`PAYMENT-SIGNATURE`, CAIP-2 networks) and v1 (`X-PAYMENT`, named networks). */
export const DEFAULT_X402_VERSIONS: readonly X402Version[] = [1, 2];

/** `X402_VERSIONS`: a comma list of `1` and `2` (each once, at least one), as given. */
export const X402Versions = v.pipe(
  v.string(),
  v.transform((list) => list.split(",").map((part) => part.trim())),
  v.check(
    (parts) => parts.every((p) => p === "1" || p === "2"),
    "must be a comma list of x402 versions: 1, 2 or 1,2",
  ),
  v.check((parts) => new Set(parts).size === parts.length, "must name each version once"),
  v.transform((parts) => parts.map((p) => Number(p) as X402Version)),
);
