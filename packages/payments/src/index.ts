// The declarations of @x402/core, which this package's own declarations import, use Node's
// `Buffer` without referencing Node's types; this keeps them type-checking for a consumer whose
// tsconfig lists no `types` (the reference is kept in dist/index.d.ts).
/// <reference types="node" preserve="true" />
export {
  type ExactAuthorization,
  readExactAuthorization,
} from "./authorization/exact-authorization.js";
export { REFUSALS, type RefusalReason } from "./authorization/refusal-reasons.js";
export { routeMatches } from "./authorization/resource-binding.js";
export {
  CLOCK_SKEW_SECONDS,
  checkValidityWindow,
  SETTLEMENT_MARGIN_SECONDS,
} from "./authorization/validity-window.js";
export {
  type AuthorizationOnChain,
  type PaymentChain,
  rpcPaymentChain,
} from "./chain/payment-chain.js";
export { DEVNET_ADDRESSES, DEVNET_PRIVATE_KEYS } from "./config/devnet-keys.js";
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
export {
  createPaymentServer,
  httpFacilitator,
  type PaymentServerOptions,
} from "./server/payment-server.js";
export { atomicUsdc, displayPrice, sumPrices } from "./terms/atomic-amount.js";
export {
  baseTerms,
  DEFAULT_DEADLINE_MS,
  type Discovery,
  type PaidResource,
  type PaymentTerms,
  requirementsOf,
} from "./terms/paid-resource.js";
export {
  BASE_NETWORK,
  BASE_USDC,
  MAX_TIMEOUT_SECONDS,
  USDC_DECIMALS,
  USDC_EIP712,
} from "./terms/usdc.js";
