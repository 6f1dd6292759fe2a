import { importJWK } from "jose";
import type { PublicJwk, SigningKey } from "../keys/key-schemas.js";

type Imported = ReturnType<typeof importJWK>;

/** Imported keys, once per JWK object: verifying many attestations with one key set imports
 * each key once. */
const imported = new WeakMap<object, Imported>();

export function cryptoKeyOf(jwk: PublicJwk | SigningKey): Imported {
  let key = imported.get(jwk);
  if (key === undefined) {
    key = importJWK({ ...jwk }, jwk.alg);
    imported.set(jwk, key);
  }
  return key;
}
