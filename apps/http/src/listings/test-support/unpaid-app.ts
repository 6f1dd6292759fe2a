import type { AnyOperation } from "@svc/compliance";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import type { ListLoader } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { anvilAccount, createDevnetFacilitator, DEVNET_ROLES } from "@svc/x402-devnet";
import type { Hono } from "hono";
import { createApp } from "../../app/create-app.js";

/** The payee every unpaid app names. */
const UNPAID_PAY_TO = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/**
 * The whole API on the sample list, paid through the devnet's facilitator in this process on no
 * chain: enough for every unpaid answer (402s, documents, listings), since the facilitator is only
 * asked what it supports; nothing can be paid.
 */
export const unpaidApp = (
  loader: ListLoader,
  options: { baseUrl?: string; operations?: readonly AnyOperation[] } = {},
): Hono =>
  createApp({
    list: loader,
    history: () => EMBEDDED_DCA_HISTORY,
    render: renderDocument,
    payments: {
      server: createPaymentServer(
        createDevnetFacilitator({
          rpcUrl: "http://127.0.0.1:1",
          signerKey: anvilAccount(DEVNET_ROLES.facilitator).privateKey,
        }),
      ),
      terms: [baseTerms(UNPAID_PAY_TO)],
    },
    ...options,
  });
