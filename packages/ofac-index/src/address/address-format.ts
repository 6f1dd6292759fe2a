/**
 * The address grammars screening accepts: every format of every ticker OFAC has listed, and the
 * common formats of chains it has not listed yet. A string is screened only when it fits one of
 * them with every rule of that format (length, alphabet, checksum, letter case); anything else
 * is refused, because a "clear" is a statement about an address, and a string that is no
 * address cannot be cleared. The one exception is a string OFAC itself published: it matches as
 * published, whatever its shape (the index decides that, not the grammar).
 */
export type AddressFormat =
  | "evm"
  | "hex32"
  | "bare-hex32"
  | "bech32"
  | "bech32m"
  | "cashaddr"
  | "base58check"
  | "monero"
  | "solana"
  | "ss58"
  | "stellar"
  | "algorand"
  | "ton"
  /**
   * Only ever on a match: a string OFAC published that fits no format. It matches as published;
   * a string in no format that is not on the list is refused, never answered.
   */
  | "unrecognized";

export interface FormatInfo {
  /** How the format is named in messages and documents. */
  readonly title: string;
  /** The chains that write addresses this way, for messages and the docs. */
  readonly chains: string;
  /** The shape and rules, in one sentence (docs, OpenAPI). */
  readonly rules: string;
  /**
   * Whether letter case is part of the address: then a string that equals a listed address
   * but for case is another address (or a listed one a pipeline changed), never folded.
   */
  readonly caseSensitive: boolean;
}

/** What each format is, for messages and the published description of the grammar. */
export const ADDRESS_FORMATS: Readonly<Record<Exclude<AddressFormat, "unrecognized">, FormatInfo>> =
  Object.freeze({
    evm: {
      title: "EVM (0x + 40 hex digits)",
      chains:
        "Ethereum and its tokens, Ethereum Classic, BNB Smart Chain, Arbitrum, other EVM chains",
      rules:
        "0x and 40 hex digits; all lower or all upper case carries no checksum, mixed case must be the EIP-55 checksum; compared in lower case",
      caseSensitive: false,
    },
    hex32: {
      title: "32-byte account (0x + 64 hex digits)",
      chains: "Aptos, Sui",
      rules: "0x and 64 hex digits; compared in lower case",
      caseSensitive: false,
    },
    "bare-hex32": {
      title: "32-byte hex value (64 hex digits, no 0x)",
      chains: "NEAR implicit accounts; OFAC lists one such value under XMR",
      rules: "64 hex digits without a prefix; compared in lower case",
      caseSensitive: false,
    },
    bech32: {
      title: "bech32",
      chains:
        "Bitcoin and Litecoin segwit v0 (bc1q, ltc1q), BNB Beacon Chain (bnb1), Zcash Sapling (zs1), Cardano (addr1, stake1), Cosmos chains (cosmos1, osmo1, …)",
      rules:
        "BIP-173: a human-readable part, 1, and data in the bech32 alphabet, all lower or all upper case, with a checksum that must verify; segwit programs follow BIP-141's lengths; compared in lower case",
      caseSensitive: false,
    },
    bech32m: {
      title: "bech32m",
      chains: "Bitcoin taproot (bc1p), Zcash unified addresses (u1)",
      rules: "BIP-350: bech32's shape with the bech32m checksum; segwit versions 1 to 16",
      caseSensitive: false,
    },
    cashaddr: {
      title: "Bitcoin Cash cashaddr",
      chains: "Bitcoin Cash",
      rules:
        "q or p and 41 characters of the cashaddr alphabet, with or without the bitcoincash: prefix, in one case, with its checksum; compared without the prefix, in lower case",
      caseSensitive: false,
    },
    base58check: {
      title: "Base58Check",
      chains:
        "Bitcoin, Litecoin, Bitcoin Cash (legacy), Dash, Dogecoin, Bitcoin Gold, Bitcoin SV, Verge, Zcash (t1, t3, zc), Tron (T…, and its hex form 41…), XRP (r…, and X-addresses), Tezos (tz1, KT1)",
      rules:
        "Base58 decoding to 25, 26 or 27 bytes (a 1 to 3-byte version, a 20-byte hash; 70 for Zcash Sprout) whose last 4 bytes are the double SHA-256 of the rest; XRP uses its own alphabet; compared exactly as written, but Tron's hex form and XRP's X-addresses are compared as their account's T… and r… addresses",
      caseSensitive: true,
    },
    monero: {
      title: "Monero",
      chains: "Monero",
      rules:
        "95 characters (standard, subaddress) or 106 (integrated) of Monero's block Base58, with its Keccak-256 checksum; compared exactly as written",
      caseSensitive: true,
    },
    solana: {
      title: "Solana (Base58 public key)",
      chains: "Solana",
      rules:
        "Base58 decoding to exactly 32 bytes (an ed25519 public key); the format has no checksum; compared exactly as written",
      caseSensitive: true,
    },
    ss58: {
      title: "SS58",
      chains: "Polkadot, Kusama and other Substrate chains",
      rules:
        "Base58 decoding to a 1 or 2-byte network prefix, a 32-byte account and a 2-byte BLAKE2b checksum that must verify; compared exactly as written",
      caseSensitive: true,
    },
    stellar: {
      title: "Stellar StrKey",
      chains: "Stellar",
      rules:
        "G and 55 characters (an account) or M and 68 (a muxed account) of upper-case base32, with its CRC-16 checksum",
      caseSensitive: false,
    },
    algorand: {
      title: "Algorand",
      chains: "Algorand",
      rules:
        "58 characters of upper-case base32: a 32-byte public key and the last 4 bytes of its SHA-512/256",
      caseSensitive: false,
    },
    ton: {
      title: "TON",
      chains: "TON",
      rules:
        "48 characters of base64 or base64url (flags, workchain, 32-byte account, CRC-16) or the raw form workchain:64 hex digits; every form of one account is compared as its raw form",
      caseSensitive: false,
    },
  });

/** A string's fit to the grammar: its format, why it breaks that format's rules, its canonical form. */
export interface FormatVerdict {
  /** The format the string is in (or was meant to be in, when `problem` says what is wrong). */
  readonly format: AddressFormat;
  /** Why the string cannot be an address in that format (or in any); null when it can. */
  readonly problem: string | null;
  /**
   * The canonical form both sides of an exact match are compared in (`normalizeAddress`): the
   * trimmed string, in lower case where the format ignores case, without a chain prefix, and
   * TON in its raw form.
   */
  readonly normalized: string;
}

export const ok = (format: AddressFormat, normalized: string): FormatVerdict => ({
  format,
  problem: null,
  normalized,
});

export const bad = (format: AddressFormat, problem: string, normalized: string): FormatVerdict => ({
  format,
  problem,
  normalized,
});

/** The title a message uses for a format. */
export const formatTitle = (format: AddressFormat): string =>
  format === "unrecognized" ? "recognized" : ADDRESS_FORMATS[format].title;
