import { serve } from "@hono/node-server";
import { logRuntimeEvent, type RuntimeEvent } from "@svc/compliance/node";
import {
  type LedgerDeferredSettlement,
  LedgerReservationStore,
  openLedger,
  type PaymentLedger,
  type SettlerEvent,
} from "@svc/ledger";
import type { ListLoader } from "@svc/ofac-index/node";
import { createPaymentServer, facilitatorClient, servedTerms } from "@svc/payments";
import type { SolanaDevnet } from "@svc/solana-devnet";
import type { Devnet, DevnetNetworkId } from "@svc/x402-devnet";
import type { FacilitatorClient } from "@x402/core/server";
import type { Hono } from "hono";
import type { Logger } from "pino";
import { createApp } from "../app/create-app.js";
import { ledgerReadiness } from "../app/ledger-readiness.js";
import { serviceAttestationOf } from "../attestations/service-attestation.js";
import type { ServiceConfig } from "../config/service-config.js";
import { mountDevStats } from "../dev/dev-stats.js";
import { mountDevnetInfo } from "../dev/devnet-info.js";
import { loadDevnet, loadSolanaDevnet } from "../dev/load-devnet.js";
import { loaderEditions } from "../list/loader-editions.js";
import { serviceLog } from "../log/service-log.js";
import { startMetricsListener } from "../metrics/metrics-listener.js";
import {
  observeList,
  observeOutbox,
  observeRenders,
  observeSettlement,
} from "../metrics/service-gauges.js";
import { createServiceMetrics } from "../metrics/service-metrics.js";
import { timedFacilitator, timedReservations } from "../metrics/timed-dependencies.js";
import {
  type MonitoringRuntime,
  startMonitoring,
  webhookPolicyOf,
} from "../monitors/monitoring-runtime.js";
import { serviceMonitors } from "../monitors/service-monitors.js";
import { ledgerReceipts } from "../payments/payment-receipts.js";
import { deferredSettlementOf } from "./deferred-settlement.js";
import { checkFacilitator } from "./facilitator-check.js";
import { startListRuntime } from "./list-runtime.js";
import { checkSolanaPayee } from "./solana-payee-check.js";

export interface RunningService {
  readonly url: string;
  readonly app: Hono;
  readonly loader: ListLoader;
  /** The payment ledger: every paid call's reservation and settlement. */
  readonly ledger: PaymentLedger;
  /** Settlement after the answer, when the operator chose it. */
  readonly deferred: LedgerDeferredSettlement | undefined;
  /** The local settlement stack, when the service pays through it (development). */
  readonly devnet: Devnet | undefined;
  /**
   * The local Solana runtime and its facilitator, when the service offers Solana payments
   * through it (development with `PAY_TO_SOLANA`).
   */
  readonly solanaDevnet: SolanaDevnet | undefined;
  /** The `kid` of the key attestations are signed with (published at `/.well-known/jwks.json`). */
  readonly signingKid: string;
  /** Where Prometheus scrapes (`METRICS_PORT`), when the metrics listener runs. */
  readonly metricsUrl: string | undefined;
  /** Wallet monitors: their book, re-screening and webhook delivery. */
  readonly monitoring: MonitoringRuntime;
  stop(): Promise<void>;
}

/**
 * Starts the service: the list (its loader, refreshed periodically), the payment layer (the
 * local devnet in development unless a facilitator is configured), the API on HOST:PORT. Never
 * waits on the list's source: a stored snapshot serves at once, else the API answers 503 until
 * the background load succeeds.
 */
export interface StartOptions {
  /** Where the service logs (default: `serviceLog()`, JSON lines on stdout). */
  readonly log?: Logger | undefined;
}

export async function startService(
  config: ServiceConfig,
  options: StartOptions = {},
): Promise<RunningService> {
  // First: a kept development key that cannot be read stops the start before anything runs.
  const attestation = await serviceAttestationOf(config.signing);
  // The devnet (anvil and the local chain) is a development dependency, imported only here:
  // a production install does not carry it, and refuses development without a facilitator.
  // It stands in for the network paid on (X402_NETWORK): Base's chain id and USDC by default,
  // Base Sepolia's for a rehearsal (`X402_NETWORK=eip155:84532`).
  const choice = config.payments.facilitator;
  const devnet = choice.kind === "devnet" ? await startLocalDevnet(config) : undefined;
  // With PAY_TO_SOLANA in development, Solana payments go through the local Solana runtime
  // (litesvm, the real SPL Token program) and its facilitator, beside the devnet's.
  const solanaDevnet =
    choice.kind === "devnet" && config.payments.solana !== undefined
      ? await startLocalSolana(config).catch(async (error: unknown) => {
          await devnet?.stop();
          throw error;
        })
      : undefined;
  const stopDevnets = async () => {
    await solanaDevnet?.stop();
    await devnet?.stop();
  };
  const facilitator: FacilitatorClient | FacilitatorClient[] =
    choice.kind === "devnet"
      ? [(devnet as Devnet).facilitator, ...(solanaDevnet ? [solanaDevnet.facilitator] : [])]
      : facilitatorClient(choice);
  const payTo = config.payments.payTo ?? devnet?.payTo;
  if (payTo === undefined) {
    await stopDevnets();
    throw new RangeError("PAY_TO is required when payments go through a configured facilitator");
  }
  // One accepts entry per way of paying: Base (or Base Sepolia), then Solana when configured.
  const terms = servedTerms(config.payments, payTo);
  const log = options.log ?? serviceLog();
  // In production, a facilitator that cannot settle what the service takes on every network it
  // is paid on, or a Solana payee without its USDC token account, stops the start before
  // anything opens; a facilitator or RPC that cannot be reached is logged, and the start goes on.
  if (config.payments.mode === "production" && choice.kind !== "devnet") {
    for (const served of terms) {
      await checkFacilitator(
        facilitator as FacilitatorClient,
        choice.url,
        { network: served.network, versions: config.payments.versions },
        log,
      );
    }
    const solana = config.payments.solana;
    const solanaTerms = terms.find((t) => t.network === solana?.network);
    if (solanaTerms !== undefined) await checkSolanaPayee(solanaTerms, solana?.rpcUrl, log);
  }
  // Metrics (METRICS_PORT): counted at the edge, from the events and state the parts expose and
  // around the calls to the facilitator and the ledger.
  const metrics = config.metrics === undefined ? undefined : createServiceMetrics();
  // Every paid call is reserved, and its settlement recorded, in the ledger: on a shared
  // PostgreSQL a reservation holds across replicas.
  const ledger = await openLedger(config.ledger).catch(async (error: unknown) => {
    await stopDevnets();
    throw error;
  });
  // The list's events (loads, failures with their reason, retries) are always logged;
  // LOG_REQUESTS=0 silences the request lines only. The runtime resolves without waiting on
  // the list's source, so the API listens at once (not ready until a list is loaded). On a
  // shared PostgreSQL the replicas share the list's editions (see startListRuntime).
  const logEvent = logRuntimeEvent(log);
  const listEvents = metrics?.listEvents;
  // Monitoring hears the list's events once it runs (an edition loaded or adopted re-screens).
  let onListEvent: ((event: RuntimeEvent) => void) | undefined;
  const runtime = await startListRuntime(config, (event) => {
    logEvent(event);
    listEvents?.inc({ event: event.type });
    onListEvent?.(event);
  }).catch(async (error: unknown) => {
    await ledger.close();
    await stopDevnets();
    throw error;
  });
  // The same key signs the x402 offers and receipts (offer-receipt extension) and the attestations.
  const paymentServer = createPaymentServer(
    metrics === undefined
      ? facilitator
      : Array.isArray(facilitator)
        ? facilitator.map((f) => timedFacilitator(f, metrics.facilitatorDuration))
        : timedFacilitator(facilitator, metrics.facilitatorDuration),
    { signingKey: attestation.key },
  );
  // Settlement after the answer (the operator's choice): it starts once the service listens,
  // then settles what a stopped process left answered but unsettled, while the service serves.
  let onSettlerEvent: ((event: SettlerEvent) => void) | undefined;
  let deferred: ReturnType<typeof deferredSettlementOf>;
  try {
    deferred = deferredSettlementOf({
      payments: config.payments,
      ledger,
      server: paymentServer,
      devnetRpcUrl: devnet?.rpcUrl,
      instanceId: config.instanceId,
      log,
      onEvent: (event) => onSettlerEvent?.(event),
    });
  } catch (error) {
    await runtime.stop();
    await ledger.close();
    await stopDevnets();
    throw error;
  }
  if (metrics !== undefined) {
    observeList(metrics, runtime.loader);
    observeRenders(metrics, runtime.renderStats);
    if (deferred !== undefined) onSettlerEvent = observeSettlement(metrics, ledger, deferred);
  }
  // Every attestation issued is archived in the ledger's database and pruned past its retention
  // (at the start, then daily), so the lookup by fingerprint answers it while it is kept.
  const attestationArchive = ledger.attestationArchive({
    retentionDays: config.ledger.attestationRetentionDays,
  });
  const pruneArchive = () =>
    attestationArchive.prune().then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, "attestations past their retention deleted");
      },
      (error: unknown) =>
        log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          "attestation prune failed",
        ),
    );
  void pruneArchive();
  const pruning = setInterval(() => void pruneArchive(), PRUNE_INTERVAL_MS);
  pruning.unref();
  const app = createApp({
    ...runtime.deps,
    payments: {
      server: paymentServer,
      terms,
      reservations:
        metrics === undefined
          ? new LedgerReservationStore(ledger)
          : timedReservations(new LedgerReservationStore(ledger), metrics.ledgerDuration),
      deferred,
      versions: config.payments.versions,
    },
    receipts: ledgerReceipts(ledger),
    monitorOwners: {
      book: ledger.monitorBook(),
      webhookPolicy: webhookPolicyOf(config.monitoring),
      // Without PUBLIC_BASE_URL, sign-ins are bound to the request's Host in development only.
      hostAudience: config.payments.mode !== "production",
    },
    log: config.log ? log : undefined,
    baseUrl: config.publicBaseUrl,
    storedEditions: loaderEditions(runtime.loader),
    attestation,
    attestationArchive,
    eventLog: log,
    ledgerReady: ledgerReadiness(() => ledger.ping()),
    metrics,
    monitors: serviceMonitors(ledger.monitorBook(), webhookPolicyOf(config.monitoring)),
  });
  if (devnet !== undefined) {
    mountDevnetInfo(app, devnet, solanaDevnet);
    mountDevStats(app, runtime.renderStats);
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s),
    );
  });
  keepIdleConnectionsLonger(server);
  const metricsListener =
    metrics === undefined || config.metrics === undefined
      ? undefined
      : await startMetricsListener(metrics.registry, config.metrics).catch(
          async (error: unknown) => {
            clearInterval(pruning);
            await closeServer(server);
            await runtime.stop();
            await deferred?.stop();
            await ledger.close();
            await stopDevnets();
            throw error;
          },
        );
  const settler = deferred;
  if (settler !== undefined) {
    void settler.start().then((left) => {
      if (left > 0) log.info({ left }, "settling the payments the last run left unsettled");
    });
  }
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const url = config.publicBaseUrl ?? `http://${config.host}:${port}`;
  // Wallet monitors: re-screened on each new edition, their webhooks delivered from the outbox.
  const monitoring = startMonitoring({
    config: config.monitoring,
    ledger,
    loader: runtime.loader,
    attestation,
    baseUrl: () => url,
    keep: (jws) => attestationArchive.archive(jws).then(() => undefined),
    log,
    onAttempt:
      metrics === undefined
        ? undefined
        : (attempt) => {
            metrics.webhookAttempts.inc({ outcome: attempt.outcome });
            metrics.webhookDuration.observe(
              { outcome: attempt.outcome },
              attempt.durationMs / 1000,
            );
          },
    onEvents:
      metrics === undefined
        ? undefined
        : (types) => {
            for (const type of types) metrics.monitorEvents.inc({ type });
          },
  });
  if (metrics !== undefined) {
    const book = ledger.monitorBook();
    observeOutbox(metrics, (now) => book.pending(now));
  }
  onListEvent = (event) => monitoring.onListEvent(event);
  return {
    url,
    app,
    loader: runtime.loader,
    ledger,
    deferred,
    devnet,
    solanaDevnet,
    signingKid: attestation.key.kid,
    metricsUrl: metricsListener?.url,
    monitoring,
    async stop() {
      clearInterval(pruning);
      await metricsListener?.stop();
      await closeServer(server);
      await monitoring.stop();
      await runtime.stop();
      await deferred?.stop();
      await ledger.close();
      // Every line out before the process exits (the destination writes asynchronously).
      await new Promise<void>((resolve) => log.flush(() => resolve()));
      await stopDevnets();
    },
  };
}

/**
 * The local settlement stack on the network the service is paid on. The devnet stands in for
 * every network a payment scheme has an asset on (a test of @svc/payments holds the two tables
 * equal), and refuses any other with a RangeError naming those it knows.
 */
async function startLocalDevnet(config: ServiceConfig): Promise<Devnet> {
  return (await loadDevnet()).startDevnet({
    network: config.payments.network as DevnetNetworkId,
    payers: 3,
    blockTimeSeconds: config.devnetBlockTime,
  });
}

/**
 * The local Solana runtime standing in for the Solana network paid on: Circle's USDC mint of
 * that network, the configured payee's token account created, three funded payers.
 */
async function startLocalSolana(config: ServiceConfig): Promise<SolanaDevnet> {
  const solana = config.payments.solana as NonNullable<ServiceConfig["payments"]["solana"]>;
  return (await loadSolanaDevnet()).startSolanaDevnet({
    network: solana.network as SolanaDevnet["network"],
    payTo: solana.payTo,
    payers: 3,
  });
}

/** How often attestations past their retention are deleted: daily (retention counts in days). */
const PRUNE_INTERVAL_MS = 86_400_000;

/**
 * How long an idle keep-alive connection stays open: longer than a client's own idle timeout
 * (undici's is 4 s) and a load balancer's (commonly 60 s), so the one that closes an idle
 * connection is always the client. Node's default (5 s) let the server close a connection just
 * as a client reused it, and that request failed ("other side closed"); seen under load.
 */
const KEEP_ALIVE_MS = 65_000;

function keepIdleConnectionsLonger(server: ReturnType<typeof serve>): void {
  if (!("keepAliveTimeout" in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the headers timeout to exceed the keep-alive timeout.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** How long requests in flight may take to finish once the service stops. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops accepting connections and resolves once every connection has ended: idle keep-alive
 * connections at once (a client that keeps its connection open would otherwise hold the stop
 * forever), busy ones after the requests in flight, and any left after the grace period.
 */
function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise<void>((resolve) => {
    const grace = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    server.close(() => {
      clearTimeout(grace);
      resolve();
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}
