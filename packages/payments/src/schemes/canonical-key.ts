import type { AuthorizationKey } from "../reservation/reservation-store.js";
import { schemeSpelling } from "./known-schemes.js";

/**
 * An authorization key in the one spelling its network's scheme defines (EVM: hex lower-cased),
 * so one payment is one key however a client, a checksum or an operator wrote it. A key on a
 * network no scheme spells is left as it is: changing its case could make it another payment
 * (base58, for one, is case-sensitive).
 */
export function canonicalKey(key: AuthorizationKey): AuthorizationKey {
  const scheme = schemeSpelling(key.network);
  if (scheme === undefined) return key;
  return {
    network: scheme.canonical(key.network),
    asset: scheme.canonical(key.asset),
    payer: scheme.canonical(key.payer),
    nonce: scheme.canonical(key.nonce),
  };
}

/**
 * One identifier of `network` (a transaction hash or signature, an address) in its scheme's
 * canonical spelling: EVM hex lower-cased; base58 and unknown networks' left as they are.
 */
export function canonicalOn(network: string, part: string): string {
  return schemeSpelling(network)?.canonical(part) ?? part;
}
