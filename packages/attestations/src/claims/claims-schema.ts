import * as v from "valibot";

/** The version of the claims' shape this package signs and reads. */
export const ATTESTATION_VERSION = 1;

/** The most addresses one attestation covers (the service's batch is smaller). */
export const MAX_ATTESTED_ADDRESSES = 1000;

const Text = v.pipe(
  v.string(),
  v.minLength(1, "must not be empty"),
  v.maxLength(2048, "must be at most 2048 characters"),
);

/** Tickers and SDN entry ids: distinct and sorted, so the same answer gives the same claims. */
const SortedDistinct = v.pipe(
  v.array(Text),
  v.maxLength(1000, "must hold at most 1000 items"),
  v.check(
    (items) => items.every((item, i) => i === 0 || (items[i - 1] as string) < item),
    "must be distinct and sorted",
  ),
);

const AttestedAddressSchema = v.strictObject({
  /** The address as the caller typed it. */
  address: Text,
  /** The address as screened (the list's normalized form). */
  normalizedAddress: Text,
});

const AttestedResultSchema = v.pipe(
  v.strictObject({
    /** The screened address (normalized), the same as the request's at this position. */
    normalizedAddress: Text,
    /** `match` when the address is on the list under any ticker, else `clear`. */
    status: v.picklist(["match", "clear"]),
    /** The SDN entry ids (`entryId`) of the designations that matched. */
    entryIds: SortedDistinct,
    /** The tickers the address is listed under. */
    tickers: SortedDistinct,
  }),
  v.check(
    (r) => (r.status === "match") === (r.entryIds.length > 0 && r.tickers.length > 0),
    "a match names its entry ids and tickers, a clear result none",
  ),
);

const AttestedListSchema = v.strictObject({
  /** SHA-256 of the edition's XML: the edition, even when two share a date. */
  datasetSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits")),
  /** The edition's `DateOfIssue`, `YYYY-MM-DD`. */
  datasetDate: v.pipe(v.string(), v.isoDate("must be a date YYYY-MM-DD")),
  /** Where the service loaded it from. */
  sourceUrl: Text,
  /** Present, and true, only when the answer came from the embedded sample: NOT the OFAC list. */
  sample: v.optional(v.literal(true, "is present only as true")),
});

const Network = v.optional(Text);

/** An EIP-3009 nonce: 0x and 64 lower-case hex digits. */
const EVM_NONCE = /^0x[0-9a-f]{64}$/;
/** A SHA-256 in base64 (44 characters, one `=`): a Solana transaction message's hash. */
const MESSAGE_HASH = /^[A-Za-z0-9+/]{43}=$/;

const AttestedPaymentSchema = v.union(
  [
    v.strictObject({
      /** The settlement's transaction hash. */
      transactionHash: Text,
      /** The chain (CAIP-2, e.g. `eip155:8453`), when known. */
      network: Network,
    }),
    v.strictObject({
      /** The payment's id, where settlement comes after the answer. */
      paymentId: Text,
      network: Network,
    }),
    v.pipe(
      v.strictObject({
        /** The chain (CAIP-2, e.g. `eip155:8453` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
        network: Text,
        /** The token the payment moves (USDC's contract address, or its mint on Solana). */
        asset: Text,
        /** Who pays: the authorization's `from`, or the Solana transfer's authority. */
        payer: Text,
        /**
         * What makes the payment one transfer. On an EVM chain, the EIP-3009 authorization's
         * nonce: with the payer, the one transfer this payment can be (the token contract emits
         * `AuthorizationUsed(payer, nonce)` in the transaction that settles it). On Solana, the
         * SHA-256 (base64) of the transaction's message: the chain runs one message once. For
         * evidence signed before its payment settled.
         */
        authorizationNonce: v.pipe(
          v.string(),
          v.regex(
            new RegExp(
              `^(?:${EVM_NONCE.source.slice(1, -1)}|${MESSAGE_HASH.source.slice(1, -1)})$`,
            ),
            "must be 0x and 64 lowercase hex digits (EVM), or a base64 SHA-256 (Solana)",
          ),
        ),
      }),
      v.check(
        (p) =>
          p.network.startsWith("solana:")
            ? MESSAGE_HASH.test(p.authorizationNonce)
            : EVM_NONCE.test(p.authorizationNonce),
        "authorizationNonce must be spelled as its network's: a base64 SHA-256 on Solana, 0x and 64 hex digits elsewhere",
      ),
    ),
  ],
  "must name a transactionHash, a paymentId or an authorization (payer and nonce)",
);

/** The signed payload of a screening attestation (version 1). */
export const AttestationClaimsSchema = v.pipe(
  v.strictObject({
    version: v.literal(ATTESTATION_VERSION, `must be ${ATTESTATION_VERSION}`),
    /** When the service answered, ISO 8601 UTC. */
    issuedAt: v.pipe(v.string(), v.isoTimestamp("must be an ISO 8601 timestamp")),
    /** The service's public base URL (where its `/.well-known/jwks.json` is). */
    baseUrl: v.pipe(v.string(), v.url("must be a URL")),
    request: v.strictObject({
      addresses: v.pipe(
        v.array(AttestedAddressSchema),
        v.minLength(1, "must hold at least one address"),
        v.maxLength(
          MAX_ATTESTED_ADDRESSES,
          `must hold at most ${MAX_ATTESTED_ADDRESSES} addresses`,
        ),
      ),
      /** The asset filter as given, or null. */
      asset: v.nullable(Text),
    }),
    /** One per requested address, in request order. */
    result: v.pipe(
      v.array(AttestedResultSchema),
      v.maxLength(MAX_ATTESTED_ADDRESSES, `must hold at most ${MAX_ATTESTED_ADDRESSES} results`),
    ),
    list: AttestedListSchema,
    payment: AttestedPaymentSchema,
  }),
  v.forward(
    v.check(
      (c) =>
        c.result.length === c.request.addresses.length &&
        c.result.every((r, i) => r.normalizedAddress === c.request.addresses[i]?.normalizedAddress),
      "must hold one result per requested address, in request order",
    ),
    ["result"],
  ),
);

export type AttestationClaims = v.InferOutput<typeof AttestationClaimsSchema>;
export type AttestedResult = v.InferOutput<typeof AttestedResultSchema>;
export type AttestedPayment = v.InferOutput<typeof AttestedPaymentSchema>;
