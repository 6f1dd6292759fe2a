import type {
  PaymentPayload,
  PaymentPayloadV1,
  PaymentRequirements,
  PaymentRequirementsV1,
} from "@x402/core/types";

/**
 * The outlines of what a payer sends and what a payment recorded for later holds, in both x402
 * versions: enough to route a value to the right reader (the scheme reads a payload's inner
 * `payload`, the facilitator checks the rest), never a full validation.
 */

/** A JSON object (not an array, not null). */
export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** An x402 v2 PaymentPayload: it names the requirements it accepted. */
export const isPaymentPayload = (x: unknown): x is PaymentPayload =>
  isObject(x) && x.x402Version === 2 && isObject(x.accepted) && isObject(x.payload);

/** An x402 v1 PaymentPayload: only its scheme and network name what it pays. */
export const isPaymentPayloadV1 = (x: unknown): x is PaymentPayloadV1 =>
  isObject(x) &&
  x.x402Version === 1 &&
  typeof x.scheme === "string" &&
  typeof x.network === "string" &&
  isObject(x.payload);

/** The fields both versions' requirements share, and how each names the amount. */
const hasTerms = (x: Record<string, unknown>, amount: "amount" | "maxAmountRequired") =>
  typeof x.scheme === "string" &&
  typeof x.network === "string" &&
  typeof x[amount] === "string" &&
  typeof x.asset === "string" &&
  typeof x.payTo === "string" &&
  typeof x.maxTimeoutSeconds === "number";

/** x402 v2 requirements. */
export const isRequirements = (x: unknown): x is PaymentRequirements =>
  isObject(x) && hasTerms(x, "amount");

/** x402 v1 requirements (the resource named in each). */
export const isRequirementsV1 = (x: unknown): x is PaymentRequirementsV1 =>
  isObject(x) && hasTerms(x, "maxAmountRequired") && typeof x.resource === "string";
