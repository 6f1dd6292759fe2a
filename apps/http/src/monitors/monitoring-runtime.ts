import { attesterFor, authorizationPayment } from "@svc/compliance";
import type { RuntimeEvent } from "@svc/compliance/node";
import type { PaymentLedger } from "@svc/ledger";
import { type Ed25519Jwk, PRODUCTION_WEBHOOKS, type WebhookUrlPolicy } from "@svc/monitoring";
import type { ListLoader } from "@svc/ofac-index/node";
import type { Logger } from "pino";
import type { ServiceAttestation } from "../attestations/service-attestation.js";
import type { MonitoringConfig } from "../config/service-config.js";
import { rescreenMonitors } from "./rescreen-monitors.js";
import { type DeliveryAttempt, startWebhookDeliverer } from "./webhook-deliverer.js";

/** Where this service delivers webhooks: https to public addresses, loopback too in development. */
export const webhookPolicyOf = (
  config: Pick<MonitoringConfig, "allowLoopback">,
): WebhookUrlPolicy => (config.allowLoopback ? { allowLoopback: true } : PRODUCTION_WEBHOOKS);

export interface MonitoringOptions {
  readonly config: MonitoringConfig;
  readonly ledger: PaymentLedger;
  readonly loader: ListLoader;
  readonly attestation: ServiceAttestation;
  /** The service's public base URL (the attestations' `baseUrl`), known once it listens. */
  readonly baseUrl: () => string;
  /** Keeps each attestation signed (the archive). */
  readonly keep?: ((jws: string) => Promise<void>) | undefined;
  readonly log: Logger;
  readonly onAttempt?: ((attempt: DeliveryAttempt) => void) | undefined;
  /** Hears each re-screening's events, by type (metrics). */
  readonly onEvents?: ((types: readonly string[]) => void) | undefined;
}

/** Monitoring as it runs in a replica: re-screening on new editions and webhook delivery. */
export interface MonitoringRuntime {
  readonly book: ReturnType<PaymentLedger["monitorBook"]>;
  /** Hears the list's events: a loaded or adopted edition re-screens the monitors now. */
  onListEvent(event: RuntimeEvent): void;
  /** Re-screens now (if the monitors are behind the served edition) and waits for it. */
  rescreen(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts monitoring in this replica: a re-screening whenever it loads or adopts an edition and
 * every `rescreenSeconds` (one replica does each edition's, the cursor decides), and a webhook
 * deliverer polling the outbox. Every replica runs both; the database makes each piece of work
 * happen once.
 */
export function startMonitoring(options: MonitoringOptions): MonitoringRuntime {
  const { config, ledger, loader, attestation, log } = options;
  const book = ledger.monitorBook();
  const signingKey =
    attestation.key.kty === "OKP" ? (attestation.key as unknown as Ed25519Jwk) : undefined;
  const deliverer = startWebhookDeliverer({
    book,
    policy: webhookPolicyOf(config),
    signingKey,
    pollMs: config.pollMs,
    concurrency: config.concurrency,
    timeoutMs: config.timeoutSeconds * 1000,
    onAttempt: (attempt) => {
      options.onAttempt?.(attempt);
      if (attempt.outcome !== "delivered") log.info({ webhook: attempt }, "webhook attempt");
    },
    onError: (error) =>
      log.warn(
        { error: error instanceof Error ? error.message : String(error) },
        "webhook delivery failed",
      ),
  });
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const rescreen = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped || !loader.ready) return;
      try {
        const report = await rescreenMonitors({
          book,
          served: () => loader.index,
          editionBySha: (sha) => loader.editionBySha(sha),
          attestFor: (payment) =>
            attesterFor({
              key: attestation.key,
              baseUrl: options.baseUrl(),
              payment: authorizationPayment(payment),
              keep: options.keep,
            }),
        });
        if (report !== undefined) {
          log.info({ rescreen: report }, "monitors re-screened on a new edition");
          options.onEvents?.(report.types);
          if (report.events > 0) deliverer.kick();
        }
      } catch (error) {
        log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          "monitor re-screening failed; tried again at the next edition check",
        );
      }
    });
    return running;
  };
  const timer = setInterval(() => void rescreen(), config.rescreenSeconds * 1000);
  timer.unref();
  return {
    book,
    onListEvent(event) {
      if (event.type === "loaded" || event.type === "adopted") void rescreen();
    },
    rescreen,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await deliverer.stop();
    },
  };
}
