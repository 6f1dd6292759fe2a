// The declarations of @x402/core, which this package's own declarations import, use Node's
// `Buffer` without referencing Node's types; this keeps them type-checking for a consumer whose
// tsconfig lists no `types` (the reference is kept in dist/index.d.ts).
/// <reference types="node" preserve="true" />
export { REFUSALS, type RefusalReason } from "./authorization/refusal-reasons.js";
export { routeMatches } from "./authorization/resource-binding.js";
export {
  CLOCK_SKEW_SECONDS,
  checkValidityWindow,
  SETTLEMENT_MARGIN_SECONDS,
} from "./authorization/validity-window.js";
export {
  DEFAULT_DEFERRED_MAX_USD,
  loadPaymentConfig,
  PAYMENT_ENV,
  type PaymentConfig,
  PaymentConfigError,
  type PaymentMode,
  type SettlementTiming,
} from "./config/payment-config.js";
export type {
  DeferredSettlement,
  DeferredStatus,
  ObservedSettlement,
  PendingPayment,
  PlanTiming,
  SettlementPlan,
} from "./deferred/deferred-settlement.js";
export {
  type SettleAttempt,
  type StoredPayment,
  settleStoredPayments,
  UNREADABLE_STORED_PAYMENT,
} from "./deferred/settle-attempt.js";
export {
  PaymentGate,
  type PaymentGateOptions,
  PaymentUnavailableError,
  type PlanOutcome,
  type Refusal,
  type SettleOutcome,
  type VerifiedPayment,
  type VerifyOutcome,
} from "./gate/payment-gate.js";
export {
  chargedHere,
  markCharged,
  PAYMENT_HEADERS,
  paidAuthorization,
  paymentRequiredResponse,
  type RequirePaymentOptions,
  recordServed,
  requirePayment,
} from "./http/require-payment.js";
export {
  callPaidTool,
  MCP_PAYMENT_META,
  MCP_PAYMENT_RESPONSE_META,
  paymentRequiredResult,
  type ToolResult,
} from "./mcp/paid-tool-call.js";
export {
  type PaidCallOutcome,
  type PaidRun,
  paidCall,
  type RunResult,
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
export type { AuthorizationOnChain, PaymentChain } from "./scheme/payment-chain.js";
export { canonicalKey } from "./schemes/canonical-key.js";
export { baseTerms } from "./schemes/exact-evm/base-terms.js";
export { DEVNET_ADDRESSES, DEVNET_PRIVATE_KEYS } from "./schemes/exact-evm/devnet-keys.js";
export {
  type ExactAuthorization,
  readExactAuthorization,
} from "./schemes/exact-evm/eip3009-authorization.js";
export { rpcPaymentChain } from "./schemes/exact-evm/evm-payment-chain.js";
export { BASE_NETWORK, BASE_USDC, USDC_EIP712 } from "./schemes/exact-evm/usdc-on-base.js";
export { paymentChainOn } from "./schemes/known-schemes.js";
export {
  createPaymentServer,
  httpFacilitator,
  type PaymentServerOptions,
} from "./server/payment-server.js";
export { atomicUsdc, displayPrice, sumPrices } from "./terms/atomic-amount.js";
export {
  DEFAULT_DEADLINE_MS,
  type Discovery,
  type PaidResource,
  type PaymentTerms,
  requirementsOf,
  termsOn,
} from "./terms/paid-resource.js";
export { MAX_TIMEOUT_SECONDS, USDC_DECIMALS } from "./terms/usdc.js";
