import type { PaymentLedger } from "@svc/ledger";
import {
  deliveryOutcome,
  type Ed25519Jwk,
  signWebhook,
  type WebhookUrlPolicy,
} from "@svc/monitoring";
import { postWebhook, WEBHOOK_TIMEOUT_MS } from "@svc/monitoring/node";

type MonitorBook = ReturnType<PaymentLedger["monitorBook"]>;

/** How long a claimed message is this deliverer's: twice the attempt's timeout and 5 s more. */
const leaseOf = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

export interface DelivererOptions {
  readonly book: MonitorBook;
  readonly policy: WebhookUrlPolicy;
  /** The service's Ed25519 key (the `v1a` signature); none when it signs with P-256. */
  readonly signingKey?: Ed25519Jwk | undefined;
  /** How often the outbox is polled for due messages. */
  readonly pollMs: number;
  /** The most attempts in flight at once (per replica). */
  readonly concurrency: number;
  /** Attempt timeout (default the specification's 15 s). */
  readonly timeoutMs?: number | undefined;
  readonly onAttempt?: ((attempt: DeliveryAttempt) => void) | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
  readonly now?: (() => Date) | undefined;
}

/** One attempt, as the deliverer reports it (logs, metrics). */
export interface DeliveryAttempt {
  readonly messageId: string;
  readonly monitorId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly outcome: "delivered" | "retry" | "failed" | "endpoint_gone";
  readonly status?: number | undefined;
  readonly error?: string | undefined;
  readonly durationMs: number;
}

export interface WebhookDeliverer {
  /** Polls now (after a re-screening wrote messages), rather than at the next tick. */
  kick(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox's due messages, from any replica: each poll claims what it can carry
 * (`claimDue`: FOR UPDATE SKIP LOCKED, a lease), signs each attempt afresh (same id, the
 * attempt's timestamp), POSTs it (`postWebhook`: addresses checked at connection, no redirect,
 * 15 s), and records what it came to (`deliveryOutcome`: the retry schedule, retry-after, 410).
 * A deliverer killed mid-attempt leaves its claims to lapse: another claims them after the lease
 * and the receiver gets the message again with the same webhook-id (at least once).
 */
export function startWebhookDeliverer(options: DelivererOptions): WebhookDeliverer {
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let polling = false;
  let again = false;

  const deliver = async (message: Awaited<ReturnType<MonitorBook["claimDue"]>>[number]) => {
    const at = now();
    const headers = signWebhook(message, at, {
      secret: message.secret,
      signingKey: options.signingKey,
    });
    const started = performance.now();
    const result = await postWebhook(message.webhookUrl, message.body, headers, {
      policy: options.policy,
      timeoutMs: options.timeoutMs,
    });
    const durationMs = performance.now() - started;
    const outcome = deliveryOutcome(result, message.attempts + 1, now());
    const status = "status" in result ? result.status : undefined;
    const error = "error" in result ? result.error : undefined;
    await options.book.recordAttempt({
      messageId: message.id,
      at,
      status,
      error,
      durationMs,
      response: result.responseText,
      outcome: outcome.kind,
      nextAttemptAt:
        outcome.kind === "retry" ? outcome.at : outcome.kind === "endpoint_gone" ? at : undefined,
    });
    options.onAttempt?.({
      messageId: message.id,
      monitorId: message.monitorId,
      eventType: message.eventType,
      attempt: message.attempted + 1,
      outcome: outcome.kind,
      status,
      error,
      durationMs,
    });
  };

  const poll = async (): Promise<void> => {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      do {
        again = false;
        const room = options.concurrency - inFlight.size;
        if (room <= 0) break;
        const due = await options.book.claimDue(
          now(),
          room,
          leaseOf(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        );
        for (const message of due) {
          const attempt = deliver(message)
            .catch((error: unknown) => options.onError?.(error))
            .finally(() => {
              inFlight.delete(attempt);
              // A slot came free: there may be more waiting.
              if (!stopped) void poll();
            });
          inFlight.add(attempt);
        }
        if (due.length === room) again = true;
      } while (again && !stopped);
    } catch (error) {
      options.onError?.(error);
    } finally {
      polling = false;
    }
  };

  const timer = setInterval(() => void poll(), options.pollMs);
  timer.unref();
  void poll();
  return {
    kick: () => void poll(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
