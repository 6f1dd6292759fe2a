/**
 * Which authorization a reservation is for: the same EIP-3009 authorization can be sent to any
 * route, tool or replica, and it is one payment wherever it goes.
 */
export interface AuthorizationKey {
  readonly network: string;
  readonly asset: string;
  readonly payer: string;
  readonly nonce: string;
}

/** The key as one string (lower-cased: addresses and nonces are hex, compared as numbers). */
export const keyOf = (key: AuthorizationKey): string =>
  [key.network, key.asset, key.payer, key.nonce].map((part) => part.toLowerCase()).join("|");

/** What became of a reservation attempt. */
export type ReserveResult = "reserved" | "in_use" | "used";

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
  /** Reserves `key` until `expiresAt` (ms since the epoch), unless it is reserved or used. */
  reserve(key: string, expiresAt: number): Promise<ReserveResult>;
  /** What `key` is now, without changing it (a cheap check before asking the facilitator). */
  peek(key: string): Promise<ReserveResult | "free">;
  /** The request ended without payment: the authorization may be used again. */
  release(key: string): Promise<void>;
  /** The authorization paid (or may have): never usable again until it expires. */
  markUsed(key: string): Promise<void>;
}
