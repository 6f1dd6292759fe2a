import { displayPrice, networkNamesOf, PAYMENT_HEADERS } from "@svc/payments";
import type { DiscoveryContext } from "./discovery-context.js";

/** Compares decimal price strings by value ("0.10" vs "0.09"). */
const byValue = (a: string, b: string) => Number(a) - Number(b);

/** The cheapest and dearest call of the catalog, or undefined for an empty catalog. */
export function priceRangeOf(ctx: DiscoveryContext) {
  const prices = ctx.operations.map((op) => op.price).sort(byValue);
  const min = prices[0];
  const max = prices[prices.length - 1];
  if (min === undefined || max === undefined) return undefined;
  return {
    min: displayPrice(min),
    max: displayPrice(max),
    minUsd: Number(min),
    maxUsd: Number(max),
  };
}

/**
 * How every call is paid (USDC on the network served), for the catalog and the inventory: one
 * scheme, network, asset and payee for all routes, the protocol's header names, and that no
 * account exists. The network is the terms', named as the scheme's table names it.
 */
export function paymentSummaryOf(ctx: DiscoveryContext) {
  return {
    protocol: "x402",
    x402Version: 2,
    scheme: "exact",
    pricingMode: "fixed",
    currency: "USDC",
    network: ctx.terms.network,
    networkLabel: networkNamesOf(ctx.terms).label,
    asset: ctx.terms.asset,
    payTo: ctx.terms.payTo,
    maxTimeoutSeconds: ctx.terms.maxTimeoutSeconds,
    priceRange: priceRangeOf(ctx) ?? null,
    accountRequired: false,
    apiKeyRequired: false,
    headers: {
      paymentRequired: PAYMENT_HEADERS.required,
      paymentSignature: PAYMENT_HEADERS.signature,
      legacyPaymentSignature: PAYMENT_HEADERS.legacySignature,
      paymentResponse: PAYMENT_HEADERS.response,
    },
  };
}
