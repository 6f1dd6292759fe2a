import type {
  DeferredSettlement,
  ObservedSettlement,
  PaymentChain,
  PendingPayment,
  PlanTiming,
  ServedRecord,
  SettleAttempt,
  SettlementPlan,
  StoredPayment,
  VerifiedPayment,
} from "@svc/payments";
import type { PaymentLedger } from "../ledger/payment-ledger.js";
import type { ClaimedPayment, Fault } from "./deferred-payments.js";
import { retryDelaySeconds } from "./retry-delay.js";
import {
  type HealthChange,
  SettlementHealth,
  type SettlementHealthStatus,
} from "./settlement-health.js";

/** Stable reasons a payer is refused by settlement after the answer (in the 402's `error`). */
const DEFERRED_REFUSALS = {
  /** A payment of theirs settled after its answer failed, or was refused and is not paid. */
  payerSettlementFailed: "payer_settlement_failed",
  /** Their USDC balance on chain does not cover this payment and their unsettled ones. */
  balanceBelowUnsettled: "payer_balance_below_unsettled",
} as const;

/** What the settler reports, for the service's log. */
export type SettlerEvent =
  | {
      readonly type: "settled";
      readonly paymentId: string;
      readonly transaction: string;
      readonly attempts: number;
      /** Seconds from the answer to the settlement's record (the ledger's clock). */
      readonly lagSeconds: number;
    }
  | {
      readonly type: "retry";
      readonly paymentId: string;
      readonly error: string;
      readonly inSeconds: number;
    }
  | {
      readonly type: "failed";
      readonly paymentId: string;
      readonly reason: string;
      readonly fault: Fault;
    }
  | { readonly type: "sweep-failed"; readonly message: string }
  | HealthChange;

export interface DeferredSettlementOptions {
  readonly ledger: PaymentLedger;
  /** Balances and past settlements, read on chain. */
  readonly chain: PaymentChain;
  /** Settles a recorded payment through the facilitator (`settleStoredPayments`). */
  readonly settle: (stored: StoredPayment) => Promise<SettleAttempt>;
  /** The highest amount (atomic units) answered before it settles; above it, settled before. */
  readonly maxAmount: bigint;
  /**
   * The most answered first and not settled, across every payer and replica (atomic units),
   * counting what payers failed to pay in the last 24 hours: beyond it, payments settle first.
   */
  readonly maxOutstanding: bigint;
  /**
   * The least time (seconds) an authorization must leave after the operation's execution budget
   * for its payment to be answered first: several blocks and retries (default 30). Three times the
   * slowest recent settlement is required when that is more (a slow chain).
   */
  readonly minSettleSeconds?: number | undefined;
  /** This settler's name in the ledger's claims; unique per replica. */
  readonly claimant: string;
  /** A claim older than this is another settler's that stopped: taken over (default 30 s). */
  readonly leaseSeconds?: number | undefined;
  /** How often due payments are looked for (default 1 s). */
  readonly sweepMs?: number | undefined;
  /** Most settlement attempts in flight at once (default 8). */
  readonly maxInFlight?: number | undefined;
  readonly onEvent?: ((event: SettlerEvent) => void) | undefined;
}

/** The last attempt's outcome was never recorded (its settler stopped during it). */
const OUTCOME_UNKNOWN = "previous_attempt_outcome_unknown";
/** How long such a payment is left for its transfer to land on chain (a few Base blocks). */
const UNKNOWN_OUTCOME_WAIT_SECONDS = 6;
/** How many due payments one claim takes at most. */
const SWEEP_BATCH = 20;
/**
 * Most attempts in flight at once: a restart with hundreds of payments left settles them a few
 * at a time (each a facilitator call and a lookup or two on chain), not all at once.
 */
const DEFAULT_MAX_IN_FLIGHT = 8;
const DEFAULT_LEASE_SECONDS = 30;
const DEFAULT_MIN_SETTLE_SECONDS = 30;
/** How many of the slowest recent settlements an authorization answered first leaves room for. */
const SETTLEMENTS_OF_ROOM = 3;
const DEFAULT_SWEEP_MS = 1000;
/** How long `stop` waits for attempts in flight before it gives up on them (they resume later). */
const STOP_WAIT_MS = 30_000;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Settlement after the answer, on the ledger: admits a payment within the limits, records an
 * answered one durably, and settles in the background with retries and backoff, a few attempts
 * at a time. A payment is never lost: `start` gives back the claims this settler made before it
 * restarted (due again), and every sweep takes over claims older than the lease (another
 * replica's that stopped). A later attempt first looks on chain, so a settlement a stopped settler
 * sent is recorded, not sent twice. An authorization that expires unsettled is recorded failed,
 * with the reason, and its payer refused.
 */
export class LedgerDeferredSettlement implements DeferredSettlement {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private sweeping: Promise<void> | undefined;
  private stopped = false;
  private readonly health: SettlementHealth;

  constructor(private readonly options: DeferredSettlementOptions) {
    this.health = new SettlementHealth((change) => this.emit(change));
  }

  /**
   * Refused: a payer who failed to pay a settlement of theirs, or whose balance on chain does not
   * cover this payment and all their others not settled (answered first or not: a settlement
   * before the answer must not take what one answered first needs). Answered first only when it
   * all holds: the price is at most `maxAmount`; settlements go through (none failed since the
   * last success for a reason not the payer's); the authorization leaves room to settle after
   * the work; the payer has paid, settled on chain, at least what they would then owe (a fresh
   * wallet's first calls settle first, so recycling funds through new wallets buys nothing); the
   * cap across payers holds. Otherwise settled before the answer.
   */
  async plan(payment: VerifiedPayment, timing: PlanTiming): Promise<SettlementPlan> {
    const key = payment.authorization;
    const amount = BigInt(payment.requirements.amount);
    const answerFirst =
      amount <= this.options.maxAmount &&
      !this.health.failing &&
      timing.settleSeconds >= this.requiredSettleSeconds();
    // Read before the locks are taken: the chain is slower than the database.
    const balance = await this.options.chain.balanceOf(key.asset, key.payer);
    return this.options.ledger.deferred.admit<SettlementPlan>(
      key,
      (exposure) => {
        if (exposure.blocked) {
          return { kind: "refused", reason: DEFERRED_REFUSALS.payerSettlementFailed };
        }
        if (exposure.committed + amount > balance) {
          return { kind: "refused", reason: DEFERRED_REFUSALS.balanceBelowUnsettled };
        }
        if (!answerFirst) return { kind: "before-response" };
        if (exposure.unsettled + amount > exposure.paid) return { kind: "before-response" };
        if (exposure.outstanding + amount > this.options.maxOutstanding) {
          return { kind: "before-response" };
        }
        return { kind: "after-response" };
      },
      { withOutstanding: answerFirst },
    );
  }

  /** A settlement the gate made before its answer: what it says of the facilitator and chain. */
  observe(observed: ObservedSettlement): void {
    if (observed.outcome === "settled") this.health.settled(observed.ms);
    else this.health.failed(`facilitator_unavailable: ${observed.message}`);
  }

  /** Whether payments are answered first now, and why not (for `/ready` and the log). */
  status(): SettlementHealthStatus & {
    readonly answering: "after-response" | "before-response";
    readonly requiredSettleSeconds: number;
  } {
    return {
      answering: this.health.failing ? "before-response" : "after-response",
      requiredSettleSeconds: this.requiredSettleSeconds(),
      ...this.health.status(),
    };
  }

  /** What an authorization answered first must leave after the work: see `minSettleSeconds`. */
  private requiredSettleSeconds(): number {
    return Math.max(
      this.options.minSettleSeconds ?? DEFAULT_MIN_SETTLE_SECONDS,
      Math.ceil(SETTLEMENTS_OF_ROOM * this.health.slowestRecentSeconds()),
    );
  }

  /**
   * Records an answered payment and settles it right away (if this replica stops first, a sweep,
   * here or elsewhere, does it). Refused once `stop` began: a request still running while the
   * service stops (its connection closed under it) is then not charged, rather than recorded
   * and claimed by a settler that no longer waits for it.
   */
  async defer(payment: VerifiedPayment, served: ServedRecord): Promise<PendingPayment> {
    if (this.stopped)
      throw new Error("settlement after the answer has stopped (the service is stopping)");
    const key = payment.authorization;
    // Recorded as the facilitator is to be given it: a v1 payment with its v1 terms.
    const recorded = this.options.ledger.deferred.record(key, served, {
      payload: payment.facilitatorRequest.payload,
      requirements: payment.facilitatorRequest.requirements,
    });
    // Tracked from the start, the record included, so `stop` waits for all of it; a record that
    // fails is the caller's error (the answer is withheld), not the settler's.
    this.track(
      recorded.then(
        () =>
          this.options.ledger.deferred
            .claimOne(key, this.options.claimant)
            .then((claim) => (claim === undefined ? undefined : this.attempt(claim))),
        () => undefined,
      ),
    );
    const paymentId = await recorded;
    return { paymentId, network: key.network, payer: payment.payer ?? key.payer };
  }

  /**
   * Gives back what this settler claimed before it restarted (each payment then due once more),
   * and starts sweeping: the first sweep runs at once, in the background, so a service starting
   * with hundreds of payments left behind listens first and settles them while it serves. Resolves
   * to how many payments this settler had claimed before.
   */
  async start(): Promise<number> {
    this.stopped = false;
    // Should the database refuse this now, those claims are not lost: past the lease, a sweep
    // (this one's too) takes them over as any stopped settler's.
    const released = await this.options.ledger.deferred
      .releaseOwn(this.options.claimant)
      .catch((error: unknown) => {
        this.emit({ type: "sweep-failed", message: messageOf(error) });
        return 0;
      });
    void this.sweep();
    this.timer = setInterval(() => {
      if (this.sweeping === undefined) void this.sweep();
    }, this.options.sweepMs ?? DEFAULT_SWEEP_MS);
    this.timer.unref();
    return released;
  }

  /** Stops sweeping and waits (bounded) for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
    // Until nothing is in flight (an attempt that ends may have been joined by another) or the
    // wait is over.
    const deadline = Date.now() + STOP_WAIT_MS;
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, deadline - Date.now());
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
    }
  }

  /** Waits until no attempt is in flight (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.sweeping !== undefined) {
      await Promise.allSettled([...this.inFlight, this.sweeping]);
    }
  }

  /**
   * Claims due payments while there is room in flight, and attempts each: a payment is claimed
   * only when its attempt starts, so what is not started stays due for the next sweep (here or
   * on another replica), and no claim is ever taken twice by one sweep.
   */
  private async sweep(): Promise<void> {
    if (this.sweeping !== undefined) return this.sweeping;
    const maxInFlight = this.options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    const run = (async () => {
      try {
        for (;;) {
          const room = maxInFlight - this.inFlight.size;
          if (this.stopped || room <= 0) return;
          const claims = await this.options.ledger.deferred.claimDue(this.options.claimant, {
            leaseSeconds: this.options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
            limit: Math.min(SWEEP_BATCH, room),
          });
          for (const claim of claims) this.track(this.attempt(claim));
          if (claims.length === 0) return;
        }
      } catch (error) {
        this.emit({ type: "sweep-failed", message: messageOf(error) });
      }
    })();
    this.sweeping = run;
    await run;
    this.sweeping = undefined;
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      this.emit({ type: "sweep-failed", message: messageOf(error) });
    });
    this.inFlight.add(tracked);
    void tracked.finally(() => {
      this.inFlight.delete(tracked);
      // Room in flight again: the next due payment need not wait for the next tick.
      if (!this.stopped) void this.sweep();
    });
  }

  /** One attempt on a claimed payment: on chain first if tried before, then the facilitator. */
  private async attempt(claim: ClaimedPayment): Promise<void> {
    const { asset, payer, nonce } = claim.authorization;
    if (claim.previousAttempts > 0 || claim.expired) {
      let onChain: Awaited<ReturnType<PaymentChain["authorization"]>>;
      try {
        onChain = await this.options.chain.authorization(asset, payer, nonce);
      } catch (error) {
        const message = `chain_unavailable: ${messageOf(error)}`;
        this.health.failed(message);
        await this.retry(claim, message, null);
        return;
      }
      if (onChain.used) {
        if (onChain.transaction !== undefined) {
          await this.settled(claim, onChain.transaction);
        } else {
          // Spent without a transfer to the payee: cancelled by its signer (EIP-3009).
          await this.fail(claim, "authorization_cancelled_or_used_elsewhere", "payer");
        }
        return;
      }
      // A settler that stopped mid-attempt recorded no outcome: its transfer may still be on
      // its way into a block. It is given that time before the payment is sent again.
      if (claim.lastError === null && !claim.expired) {
        await this.retry(claim, OUTCOME_UNKNOWN, null, UNKNOWN_OUTCOME_WAIT_SECONDS);
        return;
      }
      if (claim.expired) {
        const fault =
          claim.lastRefusal !== null
            ? "payer"
            : // Just read on chain: not used, so only the balance is left to look at.
              await this.faultOf(claim, "authorization_expired", { unused: true });
        await this.fail(
          claim,
          `authorization_expired_unsettled${claim.lastError === null ? "" : `: ${claim.lastError}`}`,
          fault,
        );
        return;
      }
    }
    const started = Date.now();
    const outcome = await this.options.settle(claim.stored);
    if (outcome.outcome === "settled") {
      this.health.settled(Date.now() - started);
      await this.settled(claim, outcome.receipt.transaction);
    } else if (outcome.outcome === "refused") {
      // Refused: the payer's doing only if the chain shows it; else the facilitator's (its gas,
      // its state), and the payer is not held to it.
      if ((await this.faultOf(claim, outcome.reason)) === "payer") {
        await this.retry(claim, outcome.reason, outcome.reason);
      } else {
        const message = `refused_not_by_payer: ${outcome.reason}`;
        this.health.failed(message);
        await this.retry(claim, message, null);
      }
    } else {
      const message = `facilitator_unavailable: ${outcome.message}`;
      this.health.failed(message);
      await this.retry(claim, message, null);
    }
  }

  /**
   * Whose doing a payment not settled is, read on chain: the payer's when their balance does not
   * cover it or the authorization was spent without paying the payee (cancelled); otherwise the
   * operator's. A chain that cannot be read proves nothing against the payer: the operator's.
   */
  private async faultOf(
    claim: ClaimedPayment,
    why: string,
    known: { readonly unused: boolean } = { unused: false },
  ): Promise<Fault> {
    const { asset, payer, nonce } = claim.authorization;
    try {
      const balance = await this.options.chain.balanceOf(asset, payer);
      if (balance < claim.amount) return "payer";
      if (known.unused) return "operator";
      const onChain = await this.options.chain.authorization(asset, payer, nonce);
      return onChain.used && onChain.transaction === undefined ? "payer" : "operator";
    } catch (error) {
      this.health.failed(`chain_unavailable: ${messageOf(error)} (reading ${why})`);
      return "operator";
    }
  }

  private async settled(claim: ClaimedPayment, transaction: string): Promise<void> {
    const recorded = await this.options.ledger.deferred.recordSettled(claim, transaction);
    if (recorded !== undefined) {
      this.emit({
        type: "settled",
        paymentId: claim.paymentId,
        transaction,
        attempts: claim.previousAttempts + 1,
        lagSeconds: recorded.lagSeconds,
      });
    }
  }

  private async retry(
    claim: ClaimedPayment,
    error: string,
    refusal: string | null,
    inSeconds = retryDelaySeconds(claim.previousAttempts + 1),
  ): Promise<void> {
    if (await this.options.ledger.deferred.retryLater(claim, error, refusal, inSeconds)) {
      this.emit({ type: "retry", paymentId: claim.paymentId, error, inSeconds });
    }
  }

  private async fail(claim: ClaimedPayment, reason: string, fault: Fault): Promise<void> {
    if (await this.options.ledger.deferred.giveUp(claim, reason, fault)) {
      this.emit({ type: "failed", paymentId: claim.paymentId, reason, fault });
    }
  }

  private emit(event: SettlerEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // a logger's failure never stops settlement
    }
  }
}
