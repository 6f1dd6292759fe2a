import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer } from "@svc/payments";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { AppOptions } from "../app/create-app.js";

/** What the end-to-end tests pay through: the local chain, the sample list, the app's payment options. */
export interface PaidStack {
  readonly devnet: Devnet;
  readonly loader: ListLoader;
  /** The options every app of a test shares (list, history, payments); each adds its renderer. */
  readonly common: Pick<AppOptions, "list" | "history" | "payments">;
  stop(): Promise<void>;
}

/**
 * Starts the local settlement stack and the list's loader, as the service does: the embedded
 * sample edition, or the edition at `source` (a real OFAC file).
 */
export async function startPaidStack(payers = 3, source?: string): Promise<PaidStack> {
  const devnet = await startDevnet({ payers });
  const loader = new ListLoader(source === undefined ? { sampleFallback: true } : { source });
  await loader.start();
  // A source loads in the background: the tests start once it is served.
  await loader.settled();
  return {
    devnet,
    loader,
    common: {
      list: loader,
      history: () => EMBEDDED_DCA_HISTORY,
      payments: {
        server: createPaymentServer(devnet.facilitator),
        terms: [baseTerms(devnet.payTo)],
      },
    },
    async stop() {
      await loader.stop();
      await devnet.stop();
    },
  };
}

/** A renderer that fails with internals in its message: what a 500 must never show. */
export const leakyFailingRender = () =>
  Promise.reject(new Error("secret internal detail: /var/lib/renderer crashed"));
