import { keccak_256 } from "@noble/hashes/sha3";
import { bad, type FormatVerdict, ok } from "../address-format.js";

const EVM = /^0[xX][0-9a-fA-F]{40}$/;

const isMixedCase = (s: string): boolean => s !== s.toLowerCase() && s !== s.toUpperCase();

/** EIP-55: a hex letter is upper case exactly when its nibble of keccak-256(lower hex) is ≥ 8. */
export function eip55Checksummed(hex40: string): string {
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

/**
 * `0x` + 40 hex digits (Ethereum and every EVM chain). All-lower or all-upper digits carry no
 * checksum; mixed case must be EIP-55's. Canonical form: lower case.
 */
export function evmAddress(s: string): FormatVerdict | null {
  if (!EVM.test(s)) return null;
  const digits = s.slice(2);
  const normalized = `0x${digits.toLowerCase()}`;
  if (!isMixedCase(digits)) return ok("evm", normalized);
  const expected = eip55Checksummed(digits);
  if (digits === expected) return ok("evm", normalized);
  return bad(
    "evm",
    `mixed-case 0x address whose EIP-55 checksum does not match (checksummed: 0x${expected}); write it all in lower case only if you are sure of every digit`,
    normalized,
  );
}
