import { displayPrice, networkNamesOf, PAYMENT_HEADERS } from "@svc/payments";
import { defaultTermsOf, servedNetworksOf } from "../networks/served-networks.js";
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
 * How every call is paid (USDC on each network served), for the catalog and the inventory: one
 * scheme for all routes, the default network with its asset and payee (`network`, `asset`,
 * `payTo`: what a reader of one network takes), every network paid on (`networks`, the default
 * first), the protocol's header names, and that no account exists. Each network is the terms',
 * named as the scheme's table names it.
 */
export function paymentSummaryOf(ctx: DiscoveryContext) {
  const terms = defaultTermsOf(ctx.terms);
  return {
    protocol: "x402",
    x402Version: 2,
    scheme: "exact",
    pricingMode: "fixed",
    currency: "USDC",
    network: terms.network,
    networkLabel: networkNamesOf(terms).label,
    asset: terms.asset,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    networks: servedNetworksOf(ctx.terms),
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
