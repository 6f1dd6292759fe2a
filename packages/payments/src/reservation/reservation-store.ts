import { canonicalKey } from "../schemes/canonical-key.js";

/**
 * Which authorization a reservation is for: the same authorization can be sent to any route,
 * tool or replica, and it is one payment wherever it goes. The gate gives it in the canonical
 * spelling of its scheme (`canonicalKey`).
 */
export interface AuthorizationKey {
  readonly network: string;
  readonly asset: string;
  readonly payer: string;
  readonly nonce: string;
}

/** The key as one string, in its scheme's canonical spelling (EVM: hex lower-cased). */
export const keyOf = (key: AuthorizationKey): string => {
  const k = canonicalKey(key);
  return [k.network, k.asset, k.payer, k.nonce].join("|");
};

/**
 * What a store that records payments (a ledger) writes beside the reservation: the authorization
 * the key was made of, and what it pays for. Stores that only reserve ignore it.
 */
export interface ReservationDetails {
  /** The parts of the reservation key (`keyOf(authorization)` is the key). */
  readonly authorization: AuthorizationKey;
  /** The amount in the asset's atomic units (USDC: 6 decimals), as the requirements state it. */
  readonly amount: string;
  /** The route or tool paid for. */
  readonly operation: string;
  /** The request's id, when the caller has one. */
  readonly requestId?: string | undefined;
}

/** What became of a reservation attempt. */
export type ReserveResult = "reserved" | "in_use" | "used" | "exhausted";

/**
 * How many times one authorization may end unsettled (its request refused, failed or abandoned)
 * and still be tried again. A client that fixes its input can retry with the same payment; an
 * authorization cannot buy unlimited refusals (every stock client signs a new one per request).
 */
export const MAX_UNSETTLED_ENDS = 5;

/**
 * Where authorizations are reserved while their request runs, and remembered once they paid: one
 * authorization buys one execution. `reserve` is atomic: of any number of concurrent attempts on
 * one key, exactly one gets "reserved". Every entry may be forgotten once its authorization has
 * expired (`expiresAt`), since the token contract refuses it from then on.
 *
 * The default keeps them in memory (`MemoryReservationStore`); replicas sharing one store (a
 * database with a unique key on the authorization) implement the same four methods.
 */
export interface ReservationStore {
  /**
   * Reserves `key` until `expiresAt` (ms since the epoch), unless it is reserved, used, or has
   * ended unsettled `MAX_UNSETTLED_ENDS` times. `details` describe the payment, for stores that
   * record it.
   */
  reserve(key: string, expiresAt: number, details?: ReservationDetails): Promise<ReserveResult>;
  /** The request ended without payment: the authorization may be used again (counted). */
  release(key: string): Promise<void>;
  /** The authorization was refused before anything ran (the facilitator said no): drop it. */
  forget(key: string): Promise<void>;
  /**
   * The answer is out and its settlement about to be sent: a store that records payments notes
   * what the answer was computed on. Optional: the in-memory store has nothing to note.
   */
  markServed?(key: string, served: ServedRecord): Promise<void>;
  /**
   * The authorization paid (or may have): never usable again until it expires. `settlement`
   * names the transaction when the settlement succeeded; without it the outcome is unknown (the
   * facilitator failed mid-settlement), for stores that record payments to reconcile later.
   */
  markUsed(key: string, settlement?: SettlementRecord): Promise<void>;
}

/**
 * What a paid answer was computed on, for stores that record payments: the list edition a
 * screening used and the addresses it screened (a store keeps those only if told to).
 */
export interface ServedRecord {
  readonly datasetSha256?: string | undefined;
  readonly query?: readonly string[] | undefined;
}

/** What a successful settlement left: its transaction on chain. */
export interface SettlementRecord {
  readonly transaction: string;
}
