import * as v from "valibot";
import { AttestationError } from "../errors/attestation-error.js";
import { issueError } from "../errors/valibot-issue.js";
import { type Jwks, JwksInputSchema, type PublicJwk } from "./key-schemas.js";
import { publicJwk } from "./signing-key.js";
import { jwkThumbprint } from "./thumbprint.js";

/** Refuses two different keys under one `kid` (a verifier could not tell which one signed). */
function assertDistinctKids(keys: readonly PublicJwk[], path: string): PublicJwk[] {
  const byKid = new Map<string, PublicJwk>();
  keys.forEach((key, i) => {
    const seen = byKid.get(key.kid);
    if (seen === undefined) byKid.set(key.kid, key);
    else if (jwkThumbprint(seen) !== jwkThumbprint(key)) {
      throw new AttestationError(
        "bad_key",
        `kid "${key.kid}" names two different keys`,
        `${path}.${i}.kid`,
      );
    }
  });
  return [...byKid.values()];
}

/**
 * The key set to publish (`/.well-known/jwks.json`): the public halves of the current key and
 * of every retired one still trusted for old evidence, in that order, one per `kid`. No private
 * member ever leaves: each key is rebuilt from its public members.
 */
export function publicJwks(keys: readonly PublicJwk[]): Jwks {
  return { keys: assertDistinctKids(keys.map(publicJwk), "keys") };
}

/**
 * A published key set (an object or its JSON text) as `verifyAttestation` takes it: Ed25519 and
 * P-256 keys with a `kid`; `alg` and `use` filled in; a private member refused. Throws
 * `bad_key` with the member's path.
 */
export function parseJwks(json: unknown): Jwks {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch {
      throw new AttestationError("bad_key", "a key set must be a JWKS in JSON");
    }
  }
  const parsed = v.safeParse(JwksInputSchema, value);
  if (!parsed.success) throw issueError("bad_key", parsed.issues, "the key set");
  const keys = parsed.output.keys.map(
    (key): PublicJwk =>
      key.kty === "OKP"
        ? { kty: "OKP", crv: "Ed25519", x: key.x, kid: key.kid, alg: "EdDSA", use: "sig" }
        : { kty: "EC", crv: "P-256", x: key.x, y: key.y, kid: key.kid, alg: "ES256", use: "sig" },
  );
  return { keys: assertDistinctKids(keys, "keys") };
}
