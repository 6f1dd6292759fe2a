import { bech32, bech32m } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";

export const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
/** bech32 allows 90 characters for segwit (BIP-173); other uses (Cardano, Zcash) run longer. */
const SEGWIT_MAX_LENGTH = 90;
const BECH32_MAX_LENGTH = 1023;
const HRP = /^[a-z][a-z0-9_]{0,82}$/;

/** How many data bytes an address under a human-readable part may hold. */
interface PayloadRule {
  readonly bytes: readonly number[] | { readonly min: number; readonly max: number };
  readonly what: string;
}

/** Segwit prefixes (witness version + program, BIP-141/173/350). */
const SEGWIT_HRPS: ReadonlySet<string> = new Set(["bc", "tb", "bcrt", "ltc", "tltc", "rltc"]);

/** Prefixes whose data length is known; any other prefix takes `GENERIC`. */
const KNOWN_HRPS: Readonly<Record<string, PayloadRule>> = {
  bnb: { bytes: [20], what: "a BNB Beacon Chain address holds 20 bytes" },
  tbnb: { bytes: [20], what: "a BNB Beacon Chain address holds 20 bytes" },
  zs: { bytes: [43], what: "a Zcash Sapling address holds 43 bytes" },
  ztestsapling: { bytes: [43], what: "a Zcash Sapling address holds 43 bytes" },
  addr: { bytes: { min: 29, max: 64 }, what: "a Cardano address holds 29 to 64 bytes" },
  addr_test: { bytes: { min: 29, max: 64 }, what: "a Cardano address holds 29 to 64 bytes" },
  stake: { bytes: [29], what: "a Cardano stake address holds 29 bytes" },
  stake_test: { bytes: [29], what: "a Cardano stake address holds 29 bytes" },
};

/** Cosmos chains (20 or 32 bytes), Zcash unified addresses and others: what an account can hold. */
const GENERIC: PayloadRule = {
  bytes: { min: 20, max: 160 },
  what: "a bech32 account holds 20 to 160 bytes",
};

const fits = (rule: PayloadRule, length: number): boolean =>
  Array.isArray(rule.bytes)
    ? rule.bytes.includes(length)
    : length >= (rule.bytes as { min: number }).min &&
      length <= (rule.bytes as { max: number }).max;

const isMixedCase = (s: string): boolean => s !== s.toLowerCase() && s !== s.toUpperCase();

interface Decoded {
  readonly variant: "bech32" | "bech32m";
  readonly words: readonly number[];
}

function decode(lower: string): Decoded | null {
  const classic = bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  if (classic) return { variant: "bech32", words: classic.words };
  const modern = bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  return modern ? { variant: "bech32m", words: modern.words } : null;
}

function segwitVerdict(s: string, lower: string, d: Decoded): FormatVerdict {
  if (lower.length > SEGWIT_MAX_LENGTH) {
    return bad(d.variant, `longer than a segwit address can be (${SEGWIT_MAX_LENGTH})`, s);
  }
  const [version, ...rest] = d.words;
  if (version === undefined || version > 16) {
    return bad(d.variant, "segwit address with an impossible witness version", s);
  }
  if (version === 0 && d.variant !== "bech32") {
    return bad("bech32m", "a version 0 segwit address must use bech32, not bech32m (BIP-350)", s);
  }
  if (version > 0 && d.variant !== "bech32m") {
    return bad("bech32", `a version ${version} segwit address must use bech32m (BIP-350)`, s);
  }
  const program = bech32.fromWordsUnsafe(rest);
  if (program === undefined || program.length < 2 || program.length > 40) {
    return bad(d.variant, "segwit program of an impossible length", s);
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return bad("bech32", "a version 0 segwit program must be 20 or 32 bytes", s);
  }
  return ok(d.variant, lower);
}

/**
 * bech32 and bech32m (BIP-173, BIP-350): a human-readable part, `1`, data in the bech32 alphabet,
 * one letter case, a checksum that must verify. Segwit prefixes follow BIP-141's program
 * lengths; BNB, Zcash Sapling and Cardano prefixes their own lengths; any other prefix (Cosmos
 * chains and the like) is an address only when its checksum verifies and its data is an
 * account's size. Canonical form: lower case.
 *
 * Null when the string is not meant as bech32: no separator, or a prefix of no known chain whose
 * checksum does not verify either.
 */
export function bech32Address(s: string): FormatVerdict | null {
  const lower = s.toLowerCase();
  const separator = lower.lastIndexOf("1");
  if (separator < 1) return null;
  const hrp = lower.slice(0, separator);
  if (!HRP.test(hrp)) return null;
  const known = SEGWIT_HRPS.has(hrp) || hrp in KNOWN_HRPS;
  const decoded = decode(lower);
  if (!known && decoded === null) return null;

  if (isMixedCase(s)) {
    return bad("bech32", "mixed case: BIP-173 allows all lower case or all upper case", s);
  }
  const data = lower.slice(separator + 1);
  const stray = [...data].find((ch) => !BECH32_CHARSET.includes(ch));
  if (stray !== undefined) return bad("bech32", `"${stray}" is not in the bech32 alphabet`, s);
  if (data.length < 6) return bad("bech32", "too short for a bech32 checksum", s);
  if (decoded === null) return bad("bech32", "its bech32 checksum does not match", s);
  if (SEGWIT_HRPS.has(hrp)) return segwitVerdict(s, lower, decoded);

  const rule = KNOWN_HRPS[hrp] ?? GENERIC;
  const bytes = bech32.fromWordsUnsafe([...decoded.words]);
  if (bytes === undefined) {
    return bad(decoded.variant, "its data does not convert to whole bytes", s);
  }
  if (!fits(rule, bytes.length)) {
    return bad(decoded.variant, `${rule.what}; this one holds ${bytes.length}`, s);
  }
  return ok(decoded.variant, lower);
}
