import { sha256 } from "@noble/hashes/sha2";
import { base58, hex } from "@scure/base";
import { type FormatVerdict, ok } from "../address-format.js";

const SHAPE = /^41[0-9a-fA-F]{40}$/;

/**
 * Tron's hex form (`41` + the 20-byte account, as Tron's APIs return it): the same account as
 * its Base58Check `T…` address, which is what OFAC lists, so that is its canonical form.
 */
export function tronHexAddress(s: string): FormatVerdict | null {
  if (!SHAPE.test(s)) return null;
  const body = hex.decode(s.toLowerCase());
  const bytes = new Uint8Array(25);
  bytes.set(body);
  bytes.set(sha256(sha256(body)).subarray(0, 4), 21);
  return ok("base58check", base58.encode(bytes));
}
