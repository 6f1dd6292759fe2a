const BIGINT_MARK = "__bigint__";

/**
 * JSON with bigints written as plain integers: Solana's RPC answers u64 values (lamports, slots,
 * token amounts) as JSON numbers, and @solana/kit parses them back into bigints without loss.
 */
export function stringifyWithBigints(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "bigint" ? `${BIGINT_MARK}${v}` : v,
  ).replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, "g"), "$1");
}
