import { hostname } from "node:os";
import { LedgerDeferredSettlement, type PaymentLedger, type SettlerEvent } from "@svc/ledger";
import {
  atomicUsdc,
  type PaymentConfig,
  paymentChainOn,
  settleStoredPayments,
} from "@svc/payments";
import type { x402ResourceServer } from "@x402/core/server";
import type { Logger } from "pino";

export interface DeferredSettlementParts {
  readonly payments: PaymentConfig;
  readonly ledger: PaymentLedger;
  readonly server: x402ResourceServer;
  /** The chain's RPC in development (the devnet's), when X402_RPC_URL is not set. */
  readonly devnetRpcUrl: string | undefined;
  /** This replica's name in the ledger's settlement claims (`INSTANCE_ID`). */
  readonly instanceId: string | undefined;
  readonly log: Logger;
  /** Also told every settler event (the metrics), after the log. */
  readonly onEvent?: ((event: SettlerEvent) => void) | undefined;
}

/** The settler's events as log lines: settlements, retries and failures with their reasons. */
const logSettlerEvent =
  (log: Logger) =>
  (event: SettlerEvent): void => {
    if (event.type === "settled")
      log.info({ settlement: event }, "payment settled after the answer");
    else if (event.type === "retry")
      log.warn({ settlement: event }, "settlement attempt failed; retrying");
    else if (event.type === "failed")
      log.error(
        { settlement: event },
        event.fault === "payer"
          ? "settlement failed for good: the payer's doing, the payer is refused until it is paid"
          : "settlement failed for good: the operator's doing (not held against the payer)",
      );
    else if (event.type === "settlements-failing")
      log.error(
        { settlement: event },
        "settlements are failing (not by payers): payments are settled before their answers until one succeeds",
      );
    else if (event.type === "settlements-recovered")
      log.warn({ settlement: event }, "settlements go through again: answering first again");
    else log.error({ settlement: event }, "settlement sweep failed");
  };

const withObserver =
  (log: (event: SettlerEvent) => void, observe: ((event: SettlerEvent) => void) | undefined) =>
  (event: SettlerEvent): void => {
    log(event);
    observe?.(event);
  };

/**
 * Settlement after the answer when the operator chose it (`X402_SETTLEMENT=after-response`):
 * on the ledger, reading balances and past settlements on the payment network's RPC, settling
 * through the service's facilitator. Undefined for the default, settlement before the answer.
 */
export function deferredSettlementOf(
  parts: DeferredSettlementParts,
): LedgerDeferredSettlement | undefined {
  if (parts.payments.settlement !== "after-response") return undefined;
  const rpcUrl = parts.payments.rpcUrl ?? parts.devnetRpcUrl;
  if (rpcUrl === undefined) {
    throw new RangeError("X402_RPC_URL is required with X402_SETTLEMENT=after-response");
  }
  return new LedgerDeferredSettlement({
    ledger: parts.ledger,
    chain: paymentChainOn(parts.payments.network, rpcUrl),
    settle: settleStoredPayments(parts.server),
    maxAmount: BigInt(atomicUsdc(String(parts.payments.deferredMaxUsd))),
    maxOutstanding: BigInt(atomicUsdc(String(parts.payments.deferredOutstandingUsd))),
    minSettleSeconds: parts.payments.deferredSettleSeconds,
    claimant: parts.instanceId ?? `${hostname()}:${process.pid}`,
    onEvent: withObserver(logSettlerEvent(parts.log), parts.onEvent),
  });
}
