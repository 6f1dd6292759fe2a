// The declarations of @x402/core, which this package's own declarations import, use Node's
// `Buffer` without referencing Node's types; this keeps them type-checking for a consumer whose
// tsconfig lists no `types` (the reference is kept in dist/index.d.ts).
/// <reference types="node" preserve="true" />
export { toolResourceUrl } from "./authorization/resource-binding.js";
export { SETTLEMENT_MARGIN_SECONDS } from "./authorization/validity-window.js";
export {
  loadPaymentConfig,
  type PaymentConfig,
  /** @public */ PaymentConfigError,
  /** @public */ type SolanaTerms,
} from "./config/payment-config.js";
export { servedTerms } from "./config/served-terms.js";
export type {
  DeferredSettlement,
  // What a settler's `status()` returns, for those who write their own.
  /** @public */ DeferredStatus,
  ObservedSettlement,
  PendingPayment,
  PlanTiming,
  SettlementPlan,
} from "./deferred/deferred-settlement.js";
export {
  type SettleAttempt,
  type StoredPayment,
  settleStoredPayments,
} from "./deferred/settle-attempt.js";
export {
  /** @public */ CDP_FACILITATOR_URL,
  /** @public */ type CdpFacilitatorOptions,
  /** @public */ cdpFacilitator,
} from "./facilitator/cdp-facilitator.js";
export {
  // What `PaymentConfig.facilitator` holds.
  /** @public */ type FacilitatorChoice,
  facilitatorClient,
} from "./facilitator/facilitator-choice.js";
export { httpFacilitator } from "./facilitator/http-facilitator.js";
export { missingKinds, type NeededKinds } from "./facilitator/supported-kinds.js";
export {
  // What the facilitator said of a payment's extensions (`EXTENSION-RESPONSES`).
  type ExtensionResponses,
  // What the facilitator is given for a payment, in the payment's own x402 version.
  /** @public */ type FacilitatorRequest,
  PaymentGate,
  // The gate's options and what its steps return, for those who call them one by one.
  /** @public */ type PaymentGateOptions,
  /** @public */ type PlanOutcome,
  /** @public */ type Refusal,
  /** @public */ type SettleOutcome,
  type VerifiedPayment,
  /** @public */ type VerifyOutcome,
} from "./gate/payment-gate.js";
export {
  chargedHere,
  markCharged,
  PAYMENT_HEADERS,
  paidAuthorization,
  type RequirePaymentOptions,
  recordServed,
  requirePayment,
} from "./http/require-payment.js";
export {
  assertListings,
  type ListingDeclaration,
  /** @public */ ListingError,
  // Why a declaration would not be listed, for those who check one without throwing.
  /** @public */ listingProblemsOf,
} from "./listing/listing-check.js";
export type { ResourceListing } from "./listing/resource-listing.js";
export {
  callPaidTool,
  MCP_PAYMENT_META,
  MCP_PAYMENT_RESPONSE_META,
  type PaidToolPayment,
  type ToolResult,
  toolReceiptOf,
} from "./mcp/paid-tool-call.js";
export {
  // What `paidCall` is given and returns, for an adapter written against it.
  /** @public */ type PaidCallOutcome,
  /** @public */ type PaidRun,
  /** @public */ paidCall,
  /** @public */ type RunResult,
} from "./paid-call/paid-call.js";
export { MemoryReservationStore } from "./reservation/memory-reservation-store.js";
export {
  type AuthorizationKey,
  keyOf,
  MAX_UNSETTLED_ENDS,
  type ReservationDetails,
  type ReservationStore,
  type ReserveResult,
  type ServedRecord,
  type SettlementRecord,
} from "./reservation/reservation-store.js";
export type {
  // What a `PaymentChain` answers about an authorization.
  /** @public */ AuthorizationOnChain,
  PaymentChain,
} from "./scheme/payment-chain.js";
export { canonicalKey, canonicalOn } from "./schemes/canonical-key.js";
export { baseTerms } from "./schemes/exact-evm/base-terms.js";
export { rpcPaymentChain } from "./schemes/exact-evm/evm-payment-chain.js";
export { BASE_NETWORK, BASE_USDC } from "./schemes/exact-evm/usdc-on-base.js";
export {
  /** @public */ SOLANA_DEVNET_NETWORK,
  /** @public */ SOLANA_DEVNET_USDC,
  SOLANA_NETWORK,
  /** @public */ SOLANA_USDC,
} from "./schemes/exact-svm/usdc-on-solana.js";
export { paymentChainOn } from "./schemes/known-schemes.js";
export {
  createPaymentServer,
  /** @public */ type PaymentServerOptions,
} from "./server/payment-server.js";
export { atomicUsdc, displayPrice, sumPrices } from "./terms/atomic-amount.js";
export {
  type Discovery,
  networkNamesOf,
  type PaidResource,
  type PaymentTerms,
  recipientOf,
  requirementsOf,
  termsOn,
} from "./terms/paid-resource.js";
export { MAX_TIMEOUT_SECONDS, USDC_DECIMALS } from "./terms/usdc.js";
export { v1PaymentRequired, type X402Version } from "./versions/x402-v1.js";
