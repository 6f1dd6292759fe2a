import { bad, type FormatVerdict, ok } from "../address-format.js";
import { BECH32_CHARSET } from "./bech32.js";
import { isValidCashaddr } from "./cashaddr-checksum.js";

const PREFIXES = ["bitcoincash", "bchtest", "bchreg"] as const;
const BARE = new RegExp(`^[qp][${BECH32_CHARSET}]{41}$`);
/** The mainnet prefix: OFAC publishes cashaddrs without it, so the canonical form drops it. */
const MAINNET = "bitcoincash";

const isMixedCase = (s: string): boolean => s !== s.toLowerCase() && s !== s.toUpperCase();

function verdict(prefix: string, payload: string, original: string): FormatVerdict {
  const lower = payload.toLowerCase();
  const normalized = prefix === MAINNET ? lower : `${prefix}:${lower}`;
  if (isMixedCase(payload)) {
    return bad("cashaddr", "mixed case: a cashaddr is all lower or all upper case", original);
  }
  const stray = [...lower].find((ch) => !BECH32_CHARSET.includes(ch));
  if (stray !== undefined) {
    return bad("cashaddr", `"${stray}" is not in the cashaddr alphabet`, original);
  }
  return isValidCashaddr(prefix, lower)
    ? ok("cashaddr", normalized)
    : bad("cashaddr", "its cashaddr checksum does not match", original);
}

/**
 * Bitcoin Cash cashaddr, with its network prefix (`bitcoincash:`, `bchtest:`, `bchreg:`) or, on
 * mainnet, without it (`q`/`p` + 41 characters in one case, as OFAC publishes them). One letter case; the
 * checksum must verify. Canonical form: lower case, without the mainnet prefix.
 */
export function cashaddrAddress(s: string): FormatVerdict | null {
  const colon = s.indexOf(":");
  if (colon > 0) {
    const prefix = s.slice(0, colon).toLowerCase();
    if (!(PREFIXES as readonly string[]).includes(prefix)) return null;
    if (isMixedCase(s.slice(0, colon))) {
      return bad("cashaddr", "mixed case: a cashaddr is all lower or all upper case", s);
    }
    return verdict(prefix, s.slice(colon + 1), s);
  }
  // Without a prefix, only one case: a mixed-case string of this shape is Base58 (Solana), not
  // a cashaddr.
  if (!BARE.test(s.toLowerCase()) || isMixedCase(s)) return null;
  return verdict(MAINNET, s, s);
}
