import * as v from "valibot";

/** A 32-byte value in base64url without padding (an Ed25519 or P-256 coordinate or scalar). */
const Base64url32 = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{43}$/, "must be 32 bytes in base64url (43 characters)"),
);

const Kid = v.pipe(
  v.string(),
  v.minLength(1, "must not be empty"),
  v.maxLength(200, "must be at most 200 characters"),
);

/** The public half of an Ed25519 key as published: `alg` EdDSA, `use` sig. */
const Ed25519PublicJwkSchema = v.object({
  kty: v.literal("OKP"),
  crv: v.literal("Ed25519"),
  x: Base64url32,
  kid: Kid,
  alg: v.literal("EdDSA"),
  use: v.literal("sig"),
});

/** The public half of a P-256 key as published: `alg` ES256, `use` sig. */
const P256PublicJwkSchema = v.object({
  kty: v.literal("EC"),
  crv: v.literal("P-256"),
  x: Base64url32,
  y: Base64url32,
  kid: Kid,
  alg: v.literal("ES256"),
  use: v.literal("sig"),
});

const PublicJwkSchema = v.variant("kty", [Ed25519PublicJwkSchema, P256PublicJwkSchema]);

/** A key's public half as `/.well-known/jwks.json` lists it. */
export type PublicJwk = v.InferOutput<typeof PublicJwkSchema>;

/** A private signing key: its public half and `d`, with its `kid` and `alg`. */
export type SigningKey = PublicJwk & { readonly d: string };

/** The JWS `alg` of a key. */
export type SigningAlgorithm = PublicJwk["alg"];

/** A published key set (RFC 7517): public halves only. */
export interface Jwks {
  readonly keys: readonly PublicJwk[];
}

/** What a caller may hand in as a key: `kid`, `alg` and `use` are filled in when absent. */
const keyInput = <const E extends Record<string, v.GenericSchema>>(entries: E) =>
  v.looseObject({
    ...entries,
    kid: v.optional(Kid),
    use: v.optional(v.literal("sig", 'must be "sig"')),
  });

export const PrivateJwkInputSchema = v.variant("kty", [
  keyInput({
    kty: v.literal("OKP"),
    crv: v.literal("Ed25519", 'must be "Ed25519"'),
    x: Base64url32,
    d: Base64url32,
    alg: v.optional(v.literal("EdDSA", 'must be "EdDSA" for an Ed25519 key')),
  }),
  keyInput({
    kty: v.literal("EC"),
    crv: v.literal("P-256", 'must be "P-256"'),
    x: Base64url32,
    y: Base64url32,
    d: Base64url32,
    alg: v.optional(v.literal("ES256", 'must be "ES256" for a P-256 key')),
  }),
]);

/** A key of a published set: never a private member. */
const publishedKeyInput = <const E extends Record<string, v.GenericSchema>>(entries: E) =>
  v.looseObject({
    ...entries,
    kid: Kid,
    use: v.optional(v.literal("sig", 'must be "sig"')),
    d: v.optional(v.never("a published key set must not hold a private member")),
  });

export const JwksInputSchema = v.object({
  keys: v.pipe(
    v.array(
      v.variant("kty", [
        publishedKeyInput({
          kty: v.literal("OKP"),
          crv: v.literal("Ed25519", 'must be "Ed25519"'),
          x: Base64url32,
          alg: v.optional(v.literal("EdDSA", 'must be "EdDSA" for an Ed25519 key')),
        }),
        publishedKeyInput({
          kty: v.literal("EC"),
          crv: v.literal("P-256", 'must be "P-256"'),
          x: Base64url32,
          y: Base64url32,
          alg: v.optional(v.literal("ES256", 'must be "ES256" for a P-256 key')),
        }),
      ]),
    ),
    v.maxLength(100, "a key set holds at most 100 keys"),
  ),
});
