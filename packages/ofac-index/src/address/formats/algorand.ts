import { sha512_256 } from "@noble/hashes/sha2";
import { base32nopad } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";

const SHAPE = /^[A-Z2-7]{58}$/;

/**
 * Algorand: 58 characters of upper-case base32 holding a 32-byte public key and the last 4 bytes
 * of its SHA-512/256. Canonical form: as written.
 */
export function algorandAddress(s: string): FormatVerdict | null {
  if (!SHAPE.test(s.toUpperCase())) return null;
  if (s !== s.toUpperCase()) {
    return bad("algorand", "an Algorand address is written in upper case", s);
  }
  let bytes: Uint8Array;
  try {
    // 58 characters carry 290 bits: 36 bytes and 2 bits that must be zero.
    bytes = base32nopad.decode(s);
  } catch {
    return bad("algorand", "not canonical base32", s);
  }
  const key = bytes.subarray(0, 32);
  const sum = sha512_256(key).subarray(-4);
  for (let i = 0; i < 4; i++) {
    if (bytes[32 + i] !== sum[i]) return bad("algorand", "its checksum does not match", s);
  }
  return ok("algorand", s);
}
