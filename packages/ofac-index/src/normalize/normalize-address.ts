import { bech32, bech32m } from "@scure/base";
import { isValidCashaddr } from "./cashaddr.js";

const EVM_HEX = /^0[xX][0-9a-fA-F]{40}$/;
const CASHADDR_PREFIX = "bitcoincash:";
const BECH32_MAX_LENGTH = 1023;

const isUniformCase = (s: string): boolean => s === s.toLowerCase() || s === s.toUpperCase();
const hasLetters = (s: string): boolean => s.toLowerCase() !== s.toUpperCase();

function isBech32(lower: string): boolean {
  return (
    bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH) !== undefined ||
    bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH) !== undefined
  );
}

/**
 * The canonical form of an address, used on both sides of an exact match.
 *
 * - Surrounding whitespace is trimmed.
 * - `0x` + 40 hex digits (EVM chains): lower case. OFAC publishes both checksummed and
 *   lower-case forms, and once changed an address's case between editions.
 * - bech32/bech32m (`bc1…`, `ltc1…`, `bnb1…`) written all in upper case (as QR codes do):
 *   lower case, but only when the checksum verifies, so no base58 string is ever folded.
 * - Bitcoin Cash cashaddr: the `bitcoincash:` prefix is dropped (OFAC publishes the bare
 *   payload) and an all-upper-case payload is lower-cased, both only when the checksum verifies.
 * - Everything else (base58 Bitcoin/Tron/Solana, Monero, XRP, …) exactly as typed: these
 *   formats are case-sensitive, so folding their case would match a different address.
 *
 * Whether the string can be an address at all (its format's checksum) is decided separately,
 * by `classifyAddress`: normalization never refuses anything.
 */
export function normalizeAddress(input: string): string {
  const s = input.trim();
  if (EVM_HEX.test(s)) return `0x${s.slice(2).toLowerCase()}`;

  if (s.slice(0, CASHADDR_PREFIX.length).toLowerCase() === CASHADDR_PREFIX) {
    const payload = s.slice(CASHADDR_PREFIX.length);
    const lower = payload.toLowerCase();
    return isUniformCase(payload) && isValidCashaddr("bitcoincash", lower) ? lower : s;
  }

  if (hasLetters(s) && s === s.toUpperCase()) {
    const lower = s.toLowerCase();
    if (isValidCashaddr("bitcoincash", lower) || isBech32(lower)) return lower;
  }
  return s;
}
