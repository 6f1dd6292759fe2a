import { BASE58CHECK_LENGTHS } from "./formats/base58check.js";
import { SS58_LENGTHS } from "./formats/ss58.js";

const BASE58_EXCLUDED = /[0OIl]/;
const ALPHANUMERIC = /^[0-9A-Za-z]+$/;
const HEX = /^[0-9a-fA-F]+$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):(.+)$/i;
/** No address of any format screened here is shorter (XRP and Bitcoin's can be 25 characters). */
const SHORTEST_ADDRESS = 25;

/**
 * Why a string fits no address format, in words that help the caller fix it: a `0x` string with
 * the wrong number of digits, a payment URI, Base58 of a length no address has, a Base58 string
 * whose case was changed, or simply no format at all. `bytes` is the string decoded as Base58,
 * when it is Base58.
 */
export function whyNoFormat(s: string, bytes: Uint8Array | null): string {
  if (/^0[xX]/.test(s)) {
    const digits = s.slice(2);
    const stray = [...digits].find((ch) => !/[0-9a-fA-F]/.test(ch));
    return stray !== undefined
      ? `a 0x address holds hex digits only; "${stray}" is not one`
      : `a 0x address holds 40 hex digits (EVM chains) or 64 (Aptos, Sui); this one holds ${digits.length}`;
  }
  const uri = SCHEME.exec(s);
  if (uri !== null) {
    return `"${uri[1]}:" prefixes no address format screened here (only bitcoincash: is part of one); screen the address alone, without a payment URI's scheme or parameters`;
  }
  if (s.length < SHORTEST_ADDRESS) {
    return `${s.length === 1 ? "1 character" : `${s.length} characters`}, shorter than any address (the shortest formats, XRP's and Bitcoin's, have ${SHORTEST_ADDRESS} or more)`;
  }
  if (HEX.test(s) && s.length === 40) {
    return "40 hex digits without 0x: an EVM address is written 0x and 40 hex digits";
  }
  if (bytes !== null) {
    return `Base58 of ${bytes.length} bytes, a length no Base58 address has (${BASE58CHECK_LENGTHS.join(", ")} bytes with a checksum for the Bitcoin family, Tron, XRP, Zcash and Tezos; 32 for Solana; ${SS58_LENGTHS.join(" or ")} with a checksum for Polkadot and Substrate; 95 or 106 characters for Monero): a character is missing or extra`;
  }
  if (ALPHANUMERIC.test(s) && BASE58_EXCLUDED.test(s) && s.length >= 25) {
    const ch = BASE58_EXCLUDED.exec(s)?.[0];
    return `it holds "${ch}", which no Base58 address has (Base58 leaves out 0, O, I and l): if it is a Base58 address whose letter case was changed, use it as it was first written`;
  }
  return "it fits no address format screened here (EVM 0x…, Bitcoin-family Base58Check and bech32, Bitcoin Cash cashaddr, Tron, XRP, Monero, Solana, Zcash, Tezos, Cardano, Cosmos, Polkadot SS58, Stellar, Algorand, TON, Aptos and Sui)";
}
