import * as v from "valibot";
import type { X402Version } from "../versions/x402-v1.js";

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
