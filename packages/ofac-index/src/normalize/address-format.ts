import { sha256 } from "@noble/hashes/sha2";
import { keccak_256 } from "@noble/hashes/sha3";
import { base58, base58xmr, base58xrp, bech32, bech32m } from "@scure/base";
import { isValidCashaddr } from "./cashaddr.js";

/**
 * Which address format a screened string is in, decided from its shape and, where the format
 * has one, its checksum. A string in a recognized format whose check fails cannot be an
 * address (a typo, a truncation, a change of case), so it is refused rather than answered
 * "clear". Strings in no recognized format are screened exactly as typed and labelled
 * `unrecognized`.
 *
 * - `evm`: `0x` + 40 hex digits. All-lower or all-upper digits carry no checksum; mixed case
 *   must be EIP-55's checksum (keccak-256 of the lower-case hex decides each letter's case).
 * - `bech32` / `bech32m`: BIP-173 / BIP-350. All lower or all upper case, never mixed; the
 *   checksum must verify; a segwit address must use bech32 for version 0 and bech32m for
 *   versions 1 to 16. A string is taken for bech32 when it starts with a known prefix
 *   (`bc1`, `tb1`, `bcrt1`, `ltc1`, `tltc1`, `bnb1`, `tbnb1`, `zs1`), or, for other
 *   prefixes, when its checksum verifies.
 * - `cashaddr`: Bitcoin Cash, with or without the `bitcoincash:` prefix; one case; checksum.
 *   A bare payload is taken for cashaddr only when it is `q`/`p` + 41 characters of the
 *   cashaddr alphabet, in one case.
 * - `base58check`: Base58 bytes whose last 4 are the double SHA-256 of the rest (Bitcoin,
 *   Litecoin, Dogecoin, Dash, Bitcoin Gold, Bitcoin SV, Verge, Tron, Zcash t-addresses), or the
 *   same with the XRP Ledger's alphabet (`r…`). The version byte is not checked against any
 *   ticker. A Base58 string of 25 or 26 bytes (one or two version bytes, a 20-byte hash and a
 *   checksum) whose checksum fails is refused.
 * - `monero`: 95 or 106 characters starting with 4 or 8, Monero's block Base58, and a
 *   keccak-256 checksum that must verify.
 * - `solana`: Base58 of exactly 32 bytes (an ed25519 public key). The format has no checksum,
 *   so nothing more is checked.
 * - `unrecognized`: anything else, screened exactly as typed.
 */
export type AddressFormat =
  | "evm"
  | "bech32"
  | "bech32m"
  | "cashaddr"
  | "base58check"
  | "monero"
  | "solana"
  | "unrecognized";

export interface FormatVerdict {
  readonly format: AddressFormat;
  /** Why the string, in a recognized format, cannot be an address; null when it can. */
  readonly problem: string | null;
}

const ok = (format: AddressFormat): FormatVerdict => ({ format, problem: null });
const bad = (format: AddressFormat, problem: string): FormatVerdict => ({ format, problem });

const EVM = /^0[xX][0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const CASHADDR_PREFIXES = ["bitcoincash", "bchtest", "bchreg"] as const;
const BARE_CASHADDR = new RegExp(`^[qp][${BECH32_CHARSET}]{41}$`);
/** Human-readable parts of the bech32 chains that OFAC lists (and their test networks). */
const KNOWN_BECH32_HRPS = ["bc", "tb", "bcrt", "ltc", "tltc", "bnb", "tbnb", "zs"] as const;
/** Prefixes whose addresses are segwit (witness version + program). */
const SEGWIT_HRPS: ReadonlySet<string> = new Set(["bc", "tb", "bcrt", "ltc", "tltc"]);
/** BIP-173's length limit for segwit; other bech32 uses (Cardano, Zcash) run longer. */
const SEGWIT_MAX_LENGTH = 90;
const BECH32_MAX_LENGTH = 1023;

const isMixedCase = (s: string): boolean => s !== s.toLowerCase() && s !== s.toUpperCase();

/** EIP-55: a hex letter is upper case exactly when its nibble of keccak-256(lower hex) is ≥ 8. */
function eip55Checksummed(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = "";
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const ch = lower[i] as string;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

function classifyEvm(s: string): FormatVerdict {
  const digits = s.slice(2);
  if (!isMixedCase(digits)) return ok("evm");
  const expected = eip55Checksummed(digits);
  if (digits === expected) return ok("evm");
  return bad(
    "evm",
    `mixed-case 0x address whose EIP-55 checksum does not match (checksummed: 0x${expected}); write it all in lower case only if you are sure of every digit`,
  );
}

function checksumMatches(bytes: Uint8Array): boolean {
  if (bytes.length < 5) return false;
  const body = bytes.subarray(0, -4);
  const sum = sha256(sha256(body));
  for (let i = 0; i < 4; i++) if (bytes[bytes.length - 4 + i] !== sum[i]) return false;
  return true;
}

const tryDecode = (decode: (s: string) => Uint8Array, s: string): Uint8Array | null => {
  try {
    return decode(s);
  } catch {
    return null;
  }
};

/** Monero: keccak-256 of everything but the last 4 bytes starts with those 4 bytes. */
function classifyMonero(s: string): FormatVerdict {
  const bytes = tryDecode((x) => base58xmr.decode(x), s);
  if (bytes === null || bytes.length < 5) {
    return bad("monero", "not valid Monero Base58 (a block has an impossible value)");
  }
  const sum = keccak_256(bytes.subarray(0, -4));
  for (let i = 0; i < 4; i++) {
    if (bytes[bytes.length - 4 + i] !== sum[i]) {
      return bad("monero", "Monero checksum does not match");
    }
  }
  return ok("monero");
}

interface Bech32Words {
  readonly variant: "bech32" | "bech32m";
  readonly words: readonly number[];
}

function decodeBech32(lower: string): Bech32Words | null {
  const classic = bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  if (classic) return { variant: "bech32", words: classic.words };
  const modern = bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  return modern ? { variant: "bech32m", words: modern.words } : null;
}

/** The bech32 verdict for `s` when it is meant as bech32 (known prefix), else null. */
function classifyBech32(s: string): FormatVerdict | null {
  const lower = s.toLowerCase();
  const separator = lower.lastIndexOf("1");
  if (separator < 1) return null;
  const hrp = lower.slice(0, separator);
  const known = (KNOWN_BECH32_HRPS as readonly string[]).includes(hrp);
  const decoded = isMixedCase(s) ? null : decodeBech32(lower);
  if (!known) return decoded === null ? null : ok(decoded.variant);

  if (isMixedCase(s)) {
    return bad("bech32", "mixed-case bech32: BIP-173 allows all lower case or all upper case");
  }
  const data = lower.slice(separator + 1);
  const stray = [...data].find((ch) => !BECH32_CHARSET.includes(ch));
  if (stray !== undefined) {
    return bad("bech32", `"${stray}" is not in the bech32 alphabet`);
  }
  if (data.length < 6) return bad("bech32", "too short for a bech32 checksum");
  if (decoded === null) return bad("bech32", "bech32 checksum does not match");
  if (!SEGWIT_HRPS.has(hrp)) return ok(decoded.variant);

  if (lower.length > SEGWIT_MAX_LENGTH) {
    return bad(decoded.variant, `longer than a segwit address can be (${SEGWIT_MAX_LENGTH})`);
  }
  const [version, ...rest] = decoded.words;
  if (version === undefined || version > 16) {
    return bad(decoded.variant, "segwit address with an impossible witness version");
  }
  if (version === 0 && decoded.variant !== "bech32") {
    return bad("bech32m", "a version 0 segwit address must use bech32, not bech32m (BIP-350)");
  }
  if (version > 0 && decoded.variant !== "bech32m") {
    return bad("bech32", `a version ${version} segwit address must use bech32m (BIP-350)`);
  }
  const program = bech32.fromWordsUnsafe(rest);
  if (program === undefined || program.length < 2 || program.length > 40) {
    return bad(decoded.variant, "segwit program of an impossible length");
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return bad("bech32", "a version 0 segwit program must be 20 or 32 bytes");
  }
  return ok(decoded.variant);
}

function classifyCashaddr(prefix: string, payload: string): FormatVerdict {
  if (isMixedCase(payload)) {
    return bad("cashaddr", "mixed-case cashaddr: it must be all lower or all upper case");
  }
  const lower = payload.toLowerCase();
  const stray = [...lower].find((ch) => !BECH32_CHARSET.includes(ch));
  if (stray !== undefined) return bad("cashaddr", `"${stray}" is not in the cashaddr alphabet`);
  return isValidCashaddr(prefix, lower)
    ? ok("cashaddr")
    : bad("cashaddr", "cashaddr checksum does not match");
}

/**
 * The format of a trimmed, printable-ASCII string and, when that format's check fails, why.
 * Never throws: the caller decides (the index refuses unless the exact string is listed).
 */
export function classifyAddress(s: string): FormatVerdict {
  if (EVM.test(s)) return classifyEvm(s);

  const colon = s.indexOf(":");
  if (colon > 0) {
    const prefix = s.slice(0, colon).toLowerCase();
    if ((CASHADDR_PREFIXES as readonly string[]).includes(prefix)) {
      return classifyCashaddr(prefix, s.slice(colon + 1));
    }
  }

  const isBase58 = BASE58.test(s);
  let base58Bytes: Uint8Array | null = null;
  if (isBase58) {
    base58Bytes = tryDecode((x) => base58.decode(x), s);
    if (base58Bytes !== null && checksumMatches(base58Bytes)) return ok("base58check");
    if (s.startsWith("r")) {
      const xrp = tryDecode((x) => base58xrp.decode(x), s);
      if (xrp !== null && checksumMatches(xrp)) return ok("base58check");
    }
    if ((s.length === 95 || s.length === 106) && /^[48]/.test(s)) return classifyMonero(s);
  }

  const bech = classifyBech32(s);
  if (bech !== null) return bech;

  if (BARE_CASHADDR.test(s.toLowerCase()) && !isMixedCase(s)) {
    return classifyCashaddr("bitcoincash", s);
  }

  if (base58Bytes !== null) {
    if (base58Bytes.length === 25 || base58Bytes.length === 26) {
      return bad("base58check", "base58check checksum does not match");
    }
    if (base58Bytes.length === 32) return ok("solana");
  }
  return ok("unrecognized");
}
