import { sha256 } from "@noble/hashes/sha2";
import { base58xrp } from "@scure/base";
import { type FormatVerdict, ok } from "../address-format.js";
import { checksumMatches } from "./base58check.js";

/** X-address prefixes: mainnet (X…) and test networks (T…). */
const PREFIXES: readonly (readonly [number, number])[] = [
  [0x05, 0x44],
  [0x04, 0x93],
];
const LENGTH = 35;
const SHAPE = /^[XT][1-9A-HJ-NP-Za-km-z]{46}$/;

/** The classic `r…` address of a 20-byte XRP Ledger account id. */
function classicOf(accountId: Uint8Array): string {
  const body = new Uint8Array(21);
  body.set(accountId, 1);
  const bytes = new Uint8Array(25);
  bytes.set(body);
  const sum = sha256(sha256(body));
  bytes.set(sum.subarray(0, 4), 21);
  return base58xrp.encode(bytes);
}

/**
 * The XRP Ledger's X-address (XLS-5d): an account and an optional destination tag in one
 * Base58Check string of XRP's alphabet (35 bytes: network prefix, account id, tag flag, tag,
 * checksum). The account is what OFAC lists, in its classic `r…` form, so the canonical form of
 * an X-address is its account's classic address: a payment to any tag of a listed account
 * matches. Null for any other string.
 */
export function xrpXAddress(s: string): FormatVerdict | null {
  if (!SHAPE.test(s)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(s);
  } catch {
    return null;
  }
  if (bytes.length !== LENGTH || !checksumMatches(bytes)) return null;
  if (!PREFIXES.some(([a, b]) => bytes[0] === a && bytes[1] === b)) return null;
  const flag = bytes[22];
  if (flag !== 0 && flag !== 1) return null;
  return ok("base58check", classicOf(bytes.subarray(2, 22)));
}
