import { type FormatVerdict, ok } from "../address-format.js";

const PREFIXED = /^0[xX][0-9a-fA-F]{64}$/;
const BARE = /^[0-9a-fA-F]{64}$/;

/**
 * A 32-byte value in hex: `0x` + 64 digits (Aptos and Sui accounts), or 64 digits alone (NEAR
 * implicit accounts; OFAC lists one such value under XMR). Hex has no letter case of its own:
 * canonical form lower case.
 */
export function hex32Address(s: string): FormatVerdict | null {
  if (PREFIXED.test(s)) return ok("hex32", `0x${s.slice(2).toLowerCase()}`);
  if (BARE.test(s)) return ok("bare-hex32", s.toLowerCase());
  return null;
}
