import { sha256 } from "@noble/hashes/sha2";
import { base58xrp } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";

/**
 * Decoded lengths of Base58Check addresses: a 1-byte version and a 20-byte hash (Bitcoin,
 * Litecoin, Dash, Dogecoin, Tron, XRP, …), a 2-byte version (Zcash t-addresses) or a 3-byte
 * prefix (Tezos tz1/tz2/tz3/KT1), each with a 4-byte checksum; and Zcash's Sprout `zc…`
 * addresses (a 2-byte version and two 32-byte keys).
 */
export const BASE58CHECK_LENGTHS: readonly number[] = [25, 26, 27, 70];
const XRP_LENGTH = 25;

/** True when the last 4 bytes are the first 4 of the double SHA-256 of the rest. */
export function checksumMatches(bytes: Uint8Array): boolean {
  if (bytes.length < 5) return false;
  const sum = sha256(sha256(bytes.subarray(0, -4)));
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

/**
 * Base58Check in Bitcoin's alphabet (`bytes`: the string decoded) or, for `r…`, the XRP
 * Ledger's: 25 to 27 bytes whose checksum verifies. Null when the length is no Base58Check
 * address's; a refusal when it is and the checksum fails (a typo, a truncation, a change of
 * case). The version byte is not checked against a ticker: a valid checksum on an address's
 * length is an address of some chain. Canonical form: as written.
 */
export function base58checkAddress(s: string, bytes: Uint8Array | null): FormatVerdict | null {
  if (bytes !== null && BASE58CHECK_LENGTHS.includes(bytes.length) && checksumMatches(bytes)) {
    return ok("base58check", s);
  }
  if (s.startsWith("r")) {
    const xrp = tryDecode((x) => base58xrp.decode(x), s);
    if (xrp !== null && xrp.length === XRP_LENGTH && checksumMatches(xrp)) {
      return ok("base58check", s);
    }
  }
  if (bytes !== null && BASE58CHECK_LENGTHS.includes(bytes.length)) {
    return bad("base58check", "its Base58Check checksum does not match", s);
  }
  return null;
}
