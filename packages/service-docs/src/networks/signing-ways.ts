import type { PaymentTerms } from "@svc/payments";

/**
 * How an `exact` payment is made on the networks of one CAIP-2 namespace, for people and agents:
 * what the payer signs and which x402 client does it. Keyed by namespace (`eip155`, `solana`), not
 * by network: which networks are served is the terms' business, and every document names those.
 */
export interface SigningWay {
  /** What the asset's address is on these networks: a token contract, or a mint. */
  readonly assetNoun: string;
  /** What the payer signs for `terms`, as a phrase ("an EIP-3009 authorization, valid 60 seconds"). */
  readonly signs: (terms: Pick<PaymentTerms, "maxTimeoutSeconds">) => string;
  /** The x402 client that signs it over HTTP. */
  readonly httpClient: string;
  /** What an MCP client builds the payment with. */
  readonly mcpClient: string;
  /** What the requirements' `extra` holds on these networks. */
  readonly extra: string;
  /** The `extra` members, as JSON Schema properties. */
  readonly extraProperties: Readonly<Record<string, { readonly type: string }>>;
}

const SIGNING_WAYS: Readonly<Record<string, SigningWay>> = {
  eip155: {
    assetNoun: "token contract",
    signs: (t) => `an EIP-3009 authorization, valid ${t.maxTimeoutSeconds} seconds`,
    httpClient: "@x402/fetch + @x402/evm's ExactEvmScheme",
    mcpClient: "createPaymentPayload of an x402Client (@x402/core) + @x402/evm's ExactEvmScheme",
    extra: "the EIP-712 domain of the token",
    extraProperties: { name: { type: "string" }, version: { type: "string" } },
  },
  solana: {
    assetNoun: "mint",
    signs: () =>
      "a USDC TransferChecked transaction to the payee's token account, partially signed by you, its fee payer the facilitator named in the entry's extra.feePayer",
    httpClient: "@x402/fetch + @x402/svm's ExactSvmScheme",
    mcpClient: "createPaymentPayload of an x402Client (@x402/core) + @x402/svm's ExactSvmScheme",
    extra: "feePayer, the facilitator's address that pays the transaction's fee (the 402 names it)",
    extraProperties: { feePayer: { type: "string" } },
  },
};

/** What any other namespace's payment is, said without knowing it. */
const UNKNOWN_WAY: SigningWay = {
  assetNoun: "asset address",
  signs: () => "a payment as x402's exact scheme takes it on that network",
  httpClient: "an x402 client for that network",
  mcpClient: "createPaymentPayload of an x402Client from @x402/core",
  extra: "what the scheme needs on that network",
  extraProperties: {},
};

/** The CAIP-2 namespace of a network (`eip155` of `eip155:8453`). */
export const namespaceOf = (network: string): string => network.split(":")[0] ?? network;

/** How a payment is signed on `network`. */
export const signingWayOf = (network: string): SigningWay =>
  SIGNING_WAYS[namespaceOf(network)] ?? UNKNOWN_WAY;
