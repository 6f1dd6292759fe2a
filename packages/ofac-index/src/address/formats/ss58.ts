import { blake2b } from "@noble/hashes/blake2b";
import { type FormatVerdict, ok } from "../address-format.js";

const CONTEXT = new TextEncoder().encode("SS58PRE");
const ACCOUNT_BYTES = 32;
const CHECKSUM_BYTES = 2;

/** The network prefix's length: one byte for networks 0 to 63, two for 64 to 16383. */
const prefixLength = (first: number): number | null => (first < 64 ? 1 : first < 128 ? 2 : null);

/**
 * SS58 (Polkadot, Kusama, Substrate): Base58 (`bytes`: the string decoded) of a network prefix,
 * a 32-byte account and the first 2 bytes of BLAKE2b-512("SS58PRE" ‖ prefix ‖ account). Null
 * unless the checksum verifies: an SS58-sized string with a bad checksum is refused by the
 * caller with the other Base58 formats' reasons. Canonical form: as written.
 */
export function ss58Address(s: string, bytes: Uint8Array | null): FormatVerdict | null {
  if (bytes === null || bytes.length === 0) return null;
  const prefix = prefixLength(bytes[0] as number);
  if (prefix === null || bytes.length !== prefix + ACCOUNT_BYTES + CHECKSUM_BYTES) return null;
  const body = bytes.subarray(0, -CHECKSUM_BYTES);
  const input = new Uint8Array(CONTEXT.length + body.length);
  input.set(CONTEXT);
  input.set(body, CONTEXT.length);
  const hash = blake2b(input, { dkLen: 64 });
  const sum = bytes.subarray(-CHECKSUM_BYTES);
  return hash[0] === sum[0] && hash[1] === sum[1] ? ok("ss58", s) : null;
}

/** Decoded lengths an SS58 account address has (1 or 2-byte prefix). */
export const SS58_LENGTHS: readonly number[] = [35, 36];
