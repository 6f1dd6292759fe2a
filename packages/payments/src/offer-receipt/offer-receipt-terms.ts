import type { x402ResourceServer } from "@x402/core/server";
import { declareOfferReceiptExtension, OFFER_RECEIPT } from "@x402/extensions/offer-receipt";

/**
 * What every paid resource declares when its server signs: signed offers on its 402s, and a
 * signed receipt naming the settlement's transaction (the evidence an examiner matches against
 * the chain; the payer already sees it in PAYMENT-RESPONSE, so nothing is disclosed). A new
 * object per call: the resource server writes the extension's data into the object it is given.
 */
export const offerReceiptDeclaration = (): Record<string, unknown> =>
  declareOfferReceiptExtension({ includeTxHash: true });

/** Whether a resource server signs offers and receipts (`createPaymentServer` with a key). */
export const signsOffers = (server: x402ResourceServer): boolean =>
  server.hasExtension(OFFER_RECEIPT);

/**
 * A signed offer is valid for the requirements' `maxTimeoutSeconds` (its `validUntil`); a
 * PaymentRequired carrying offers is reused for at most this fraction of that, at each of the
 * two caches it passes (the gate's offers per URL, the HTTP middleware's encoded challenge per
 * URL): an offer is never served older than half its validity.
 */
const REUSE_FRACTION = 4;

/** How long signed offers (and a challenge carrying them) may be reused, in ms. */
export const offerReuseMs = (maxTimeoutSeconds: number): number =>
  Math.floor((maxTimeoutSeconds * 1000) / REUSE_FRACTION);

/**
 * The lru-cache options that expire an entry `reuse.ms` after it was set, on `reuse.now` (the
 * gate's clock), read at every lookup (lru-cache would otherwise reuse a reading for 1 ms of
 * real time, which a test's clock cannot move).
 */
export const lruExpiry = (reuse: { readonly ms: number; readonly now: () => number }) => ({
  ttl: reuse.ms,
  ttlResolution: 0,
  perf: { now: reuse.now },
});

/** The extension's 402 data: the signed offers, one per `accepts` entry. */
export interface OfferReceiptOffers {
  readonly info: { readonly offers: readonly unknown[] };
  readonly schema?: unknown;
}

export const isOffers = (x: unknown): x is OfferReceiptOffers => {
  const info = (x as { info?: { offers?: unknown } } | null)?.info;
  return Array.isArray(info?.offers) && info.offers.length > 0;
};

/**
 * The transport context a settlement is given so the extension signs its receipt for
 * `resourceUrl` (the extension reads `request.adapter.getUrl()`, nothing else of it).
 */
export const receiptContext = (resourceUrl: string) => ({
  request: { adapter: { getUrl: () => resourceUrl } },
});
