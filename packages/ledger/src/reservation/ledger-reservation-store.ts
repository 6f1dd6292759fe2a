import {
  keyOf,
  type ReservationDetails,
  type ReservationStore,
  type ReserveResult,
  type ServedRecord,
  type SettlementRecord,
} from "@svc/payments";
import { LedgerError } from "../errors/ledger-error.js";
import type { PaymentLedger } from "../ledger/payment-ledger.js";
import { parseKey } from "./authorization-key.js";

/**
 * The payment gate's reservations, held in the ledger: a reservation is the payment's row, and
 * the unique key on its authorization makes it hold across replicas sharing one database.
 *
 * - `reserve` writes (or takes over) the row; it needs the payment's details, which the gate
 *   passes.
 * - `release` and `forget` are the ledger's own steps.
 * - `markServed` notes what the answer was computed on (the edition; the addresses when the
 *   ledger keeps queries).
 * - `markUsed` records the settlement: settled with its transaction when the gate names one,
 *   else settling (the facilitator failed mid-settlement: the outcome is for reconciliation).
 *
 * One rule differs from the in-memory store, within the contract: an authorization that paid (or
 * may have) is still "used" after it expired, since its row is the record of the payment; only a
 * reservation that served nothing lapses with its authorization.
 */
export class LedgerReservationStore implements ReservationStore {
  constructor(readonly ledger: PaymentLedger) {}

  async reserve(
    key: string,
    expiresAt: number,
    details?: ReservationDetails,
  ): Promise<ReserveResult> {
    if (details === undefined) {
      throw new LedgerError(
        "LEDGER_RESERVATION_DETAILS_MISSING",
        "details",
        "the ledger records the payment: reserve needs its authorization, amount and operation",
      );
    }
    if (keyOf(details.authorization) !== key) {
      throw new LedgerError(
        "LEDGER_PAYMENT_INVALID",
        "details.authorization",
        "must be the authorization the key was made of",
      );
    }
    return this.ledger.reserve({ ...details, expiresAt });
  }

  async release(key: string): Promise<void> {
    await this.ledger.release(parseKey(key));
  }

  async forget(key: string): Promise<void> {
    await this.ledger.forget(parseKey(key));
  }

  async markServed(key: string, served: ServedRecord): Promise<void> {
    await this.ledger.markServed(parseKey(key), served);
  }

  async markUsed(key: string, settlement?: SettlementRecord): Promise<void> {
    if (settlement === undefined) await this.ledger.markSettling(parseKey(key));
    else await this.ledger.markSettled(parseKey(key), settlement.transaction);
  }
}
