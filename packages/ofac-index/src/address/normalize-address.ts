import { classifyAddress } from "./classify-address.js";

/**
 * The canonical form of an address, used on both sides of an exact match (the designations and
 * what is screened): surrounding whitespace trimmed, then the form its format compares in
 * (`classifyAddress`):
 *
 * - `0x` addresses (EVM, Aptos, Sui) and bare 64-hex values: lower case. OFAC publishes both
 *   checksummed and lower-case forms, and once changed an address's case between editions.
 * - bech32/bech32m and cashaddr written in upper case (as QR codes do): lower case, and the
 *   `bitcoincash:` prefix dropped (OFAC publishes the bare payload), when the checksum verifies.
 * - TON: the raw form `workchain:hex`, whichever user-friendly form was written.
 * - Everything else (Base58 formats, Monero, Stellar, Algorand, strings in no format): exactly
 *   as written. Base58 is case-sensitive: folding its case would match a different address.
 *
 * Normalization never refuses anything: whether the string can be an address is the verdict's
 * `problem`.
 */
export function normalizeAddress(input: string): string {
  return classifyAddress(input.trim()).normalized;
}
