import { keccak_256 } from "@noble/hashes/sha3";
import { base58xmr } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";

/** The first character of each network's addresses: mainnet 4 and 8, stagenet 5 and 7, testnet 9, A and B. */
const NETWORK_FIRST = /^[4-9AB]/;

/** Standard and subaddress (95 characters, 69 bytes) and integrated (106, 77 bytes). */
const LENGTHS: Readonly<Record<number, number>> = { 95: 69, 106: 77 };

/**
 * Monero: 95 or 106 characters of Monero's block Base58 whose last 4 bytes are the first 4 of
 * the Keccak-256 of the rest. Canonical form: as written.
 */
export function moneroAddress(s: string): FormatVerdict | null {
  const expected = LENGTHS[s.length];
  if (expected === undefined || !NETWORK_FIRST.test(s)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base58xmr.decode(s);
  } catch {
    return bad("monero", "not Monero Base58 (a block has an impossible value)", s);
  }
  if (bytes.length !== expected) {
    return bad("monero", `decodes to ${bytes.length} bytes, not a Monero address's ${expected}`, s);
  }
  const sum = keccak_256(bytes.subarray(0, -4));
  for (let i = 0; i < 4; i++) {
    if (bytes[bytes.length - 4 + i] !== sum[i]) {
      return bad("monero", "its Monero checksum does not match", s);
    }
  }
  return ok("monero", s);
}
