import { base58 } from "@scure/base";
import { type FormatVerdict, ok } from "./address-format.js";
import { algorandAddress } from "./formats/algorand.js";
import { base58checkAddress } from "./formats/base58check.js";
import { bech32Address } from "./formats/bech32.js";
import { cashaddrAddress } from "./formats/cashaddr.js";
import { evmAddress } from "./formats/evm.js";
import { hex32Address } from "./formats/hex32.js";
import { moneroAddress } from "./formats/monero.js";
import { solanaAddress } from "./formats/solana.js";
import { ss58Address } from "./formats/ss58.js";
import { stellarAddress } from "./formats/stellar.js";
import { tonAddress } from "./formats/ton.js";
import { tronHexAddress } from "./formats/tron-hex.js";
import { xrpXAddress } from "./formats/xrp-x-address.js";
import { whyNoFormat } from "./shape-hint.js";

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const decodeBase58 = (s: string): Uint8Array | null => {
  if (!BASE58.test(s)) return null;
  try {
    return base58.decode(s);
  } catch {
    return null;
  }
};

/**
 * The format of a trimmed string and, when it breaks that format's rules, why (see
 * `ADDRESS_FORMATS`). Each format is tried; the first that accepts the string decides. When none
 * does, the first that recognized the string's shape says what is wrong with it (a checksum, a
 * letter case, a length); when no format recognizes it, the verdict is `unrecognized` with the
 * reason it fits none. Never throws: the index refuses every verdict with a problem unless OFAC
 * listed that very string.
 */
export function classifyAddress(s: string): FormatVerdict {
  const bytes = decodeBase58(s);
  const tries: readonly (() => FormatVerdict | null)[] = [
    () => evmAddress(s),
    () => hex32Address(s),
    () => cashaddrAddress(s),
    () => bech32Address(s),
    () => tonAddress(s),
    () => tronHexAddress(s),
    // Monero before Base58Check: a Monero typo is 70 bytes of Base58, a Zcash Sprout length,
    // and its refusal must name Monero's checksum.
    () => (BASE58.test(s) ? moneroAddress(s) : null),
    () => (bytes === null ? null : base58checkAddress(s, bytes)),
    () => xrpXAddress(s),
    () => ss58Address(s, bytes),
    () => solanaAddress(s, bytes),
    () => stellarAddress(s),
    () => algorandAddress(s),
  ];
  let refusal: FormatVerdict | null = null;
  for (const attempt of tries) {
    const verdict = attempt();
    if (verdict === null) continue;
    if (verdict.problem === null) return verdict;
    refusal ??= verdict;
  }
  return refusal ?? { ...ok("unrecognized", s), problem: whyNoFormat(s, bytes) };
}
