import { base32nopad } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";
import { crc16Xmodem } from "./crc16-xmodem.js";

/** StrKey version bytes: an account (G, 32 bytes) and a muxed account (M, 32 + 8 bytes). */
const KINDS: Readonly<Record<string, { version: number; bytes: number }>> = {
  G: { version: 6 << 3, bytes: 35 },
  M: { version: 12 << 3, bytes: 43 },
};
const SHAPE = /^[GM][A-Z2-7]{55}(?:[A-Z2-7]{13})?$/;

/**
 * Stellar StrKey: `G` + 55 (an account) or `M` + 68 (a muxed account) characters of upper-case
 * base32: a version byte, the key (and the muxed id), and a CRC-16/XMODEM checksum, little
 * endian. Lower case is no StrKey. Canonical form: as written.
 */
export function stellarAddress(s: string): FormatVerdict | null {
  if (!SHAPE.test(s.toUpperCase())) return null;
  const kind = KINDS[s[0]?.toUpperCase() ?? ""];
  if (kind === undefined) return null;
  if (s !== s.toUpperCase()) {
    return bad("stellar", "a Stellar address is written in upper case", s);
  }
  let bytes: Uint8Array;
  try {
    bytes = base32nopad.decode(s);
  } catch {
    return bad("stellar", "not canonical base32", s);
  }
  if (bytes.length !== kind.bytes || bytes[0] !== kind.version) {
    return bad("stellar", "its version byte or length is no Stellar account's", s);
  }
  const crc = crc16Xmodem(bytes.subarray(0, -2));
  const stored = (bytes[bytes.length - 2] as number) | ((bytes[bytes.length - 1] as number) << 8);
  return crc === stored
    ? ok("stellar", s)
    : bad("stellar", "its StrKey checksum does not match", s);
}
