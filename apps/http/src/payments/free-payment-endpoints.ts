import { PAYMENT_ID } from "@svc/ledger";
import { PAYMENT_HEADERS } from "@svc/payments";
import { jsonSchemaOf } from "@svc/report-model";
import type { FreeEndpoint } from "@svc/service-docs";
import { ReceiptAnswerSchema } from "./receipt-schema.js";

/**
 * The free endpoint that tells a payment settled after its answer, defined once: the route
 * (`mountPaymentReceipts`), `/api`, OpenAPI and the landing page all read it from here. Its
 * answer is never cached: a pending payment settles later.
 */
export const FREE_PAYMENT_ENDPOINTS = {
  receipt: {
    name: "payment_receipt",
    path: "/api/payments/{paymentId}",
    title: "Payment receipt",
    description: `A payment settled after its answer (the answer said ${PAYMENT_HEADERS.status}: pending and gave its ${PAYMENT_HEADERS.id}): its status (pending, settled, failed or released), operation, amount, network and payer, and once settled the settlement receipt, as in ${PAYMENT_HEADERS.response} (which the answer then also carries).`,
    topic: "payment",
    params: {
      paymentId: {
        description: `The ${PAYMENT_HEADERS.id} of the answer: pay_ and 32 hex digits.`,
        pattern: PAYMENT_ID.source,
      },
    },
    notFoundCode: "PAYMENT_NOT_FOUND",
    answer: {
      description: "The payment as its caller may see it.",
      schema: jsonSchemaOf(ReceiptAnswerSchema),
    },
    example: "/api/payments/pay_0123456789abcdef0123456789abcdef",
  },
} as const satisfies Record<string, FreeEndpoint>;

/** The route of a free endpoint as the router writes it: `{paymentId}` → `:paymentId`. */
export const routePathOf = (e: FreeEndpoint): string =>
  e.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) => `:${name}`);
