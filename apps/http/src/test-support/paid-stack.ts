import { CATALOG } from "@svc/compliance";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { addressListing, editionRef } from "@svc/monitoring";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer } from "@svc/payments";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { AppOptions } from "../app/create-app.js";
import { serviceMonitors } from "../monitors/service-monitors.js";
import { testMonitor } from "../monitors/test-support/monitor-fixtures.js";

/** What the end-to-end tests pay through: the local chain, the sample list, the app's payment options. */
export interface PaidStack {
  readonly devnet: Devnet;
  readonly loader: ListLoader;
  /** The ledger in memory, where the monitors are kept. */
  readonly ledger: PaymentLedger;
  /** The options every app of a test shares (list, history, payments); each adds its renderer. */
  readonly common: Pick<AppOptions, "list" | "history" | "payments">;
  /**
   * The monitors kept in that ledger, for an app that serves the monitoring routes (the tests of
   * every route): an app given them also lists the monitor tools at `/mcp`.
   */
  readonly monitors: NonNullable<AppOptions["monitors"]>;
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
  const ledger = await openLedger();
  await examplesMonitors(ledger, loader, devnet);
  return {
    devnet,
    loader,
    ledger,
    common: {
      list: loader,
      history: () => EMBEDDED_DCA_HISTORY,
      payments: {
        server: createPaymentServer(devnet.facilitator),
        terms: [baseTerms(devnet.payTo)],
      },
    },
    monitors: serviceMonitors(ledger.monitorBook(), { allowLoopback: true }),
    async stop() {
      await loader.stop();
      await ledger.close();
      await devnet.stop();
    },
  };
}

/** A renderer that fails with internals in its message: what a 500 must never show. */
export const leakyFailingRender = () =>
  Promise.reject(new Error("secret internal detail: /var/lib/renderer crashed"));

/**
 * The monitors the catalog's examples name (`monitor_extend`'s `monitorId`), made in the book,
 * so each example is a request a real client could send: what it extends exists.
 */
async function examplesMonitors(ledger: PaymentLedger, loader: ListLoader, devnet: Devnet) {
  const payer = devnet.payers[0]?.address.toLowerCase() as string;
  const index = loader.index;
  if (index === undefined) return;
  for (const op of CATALOG) {
    const named = (op.inputExample as { monitorId?: unknown }).monitorId;
    if (typeof named !== "string") continue;
    await ledger.monitorBook().create(
      testMonitor({
        id: named,
        payer,
        webhookUrl: "https://hooks.example.com/ofac",
        secret: "whsec_ZXhhbXBsZXMtbW9uaXRvcg==",
        edition: editionRef(index.meta),
        addresses: [
          {
            address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
            normalizedAddress: "0x098b716b8aaf21512996dc57eb0615e2383e2f96",
            listing: addressListing(index.lookup("0x098b716b8aaf21512996dc57eb0615e2383e2f96")),
          },
        ],
      }),
      [],
    );
  }
}
