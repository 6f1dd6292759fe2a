import { type FormatVerdict, ok } from "../address-format.js";

const PUBLIC_KEY_BYTES = 32;

/**
 * Solana: Base58 (`bytes`: the string decoded) of exactly 32 bytes, an ed25519 public key. The
 * format has no checksum, so a typo is another well-formed address: near matches catch the ones
 * close to a listed address. Canonical form: as written.
 */
export function solanaAddress(s: string, bytes: Uint8Array | null): FormatVerdict | null {
  return bytes !== null && bytes.length === PUBLIC_KEY_BYTES ? ok("solana", s) : null;
}
