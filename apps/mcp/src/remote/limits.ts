/**
 * USDC amounts as the proxy counts them: atomic units (6 decimals, what an x402 requirement's
 * `amount` is for USDC) in bigints, and the budget that bounds what one process may pay.
 */
const USDC_DECIMALS = 6;
const ATOMIC_PER_USDC = 10n ** BigInt(USDC_DECIMALS);

/** The defaults of `--max-per-call` and `--max-total`, in USDC. */
export const DEFAULT_MAX_PER_CALL_USDC = "0.25";
export const DEFAULT_MAX_TOTAL_USDC = "5";

/** A positive decimal USDC amount, at most 6 decimals ("0.25", "5", "1.000001"). */
const USDC_AMOUNT = /^(\d+)(?:\.(\d{1,6}))?$/;

/**
 * Reads a limit given in USDC into atomic units; `undefined` unless it is a positive decimal with
 * at most 6 decimals (no sign, no exponent, no thousands separator).
 */
export function parseUsdc(text: string): bigint | undefined {
  const match = USDC_AMOUNT.exec(text);
  if (match === null) return undefined;
  const whole = BigInt(match[1] ?? "0");
  const fraction = BigInt((match[2] ?? "").padEnd(USDC_DECIMALS, "0"));
  const atomic = whole * ATOMIC_PER_USDC + fraction;
  return atomic > 0n ? atomic : undefined;
}

/** Atomic units as a USDC decimal, without trailing zeros: 10000n → "0.01", 5000000n → "5". */
export function formatUsdc(atomic: bigint): string {
  const sign = atomic < 0n ? "-" : "";
  const abs = atomic < 0n ? -atomic : atomic;
  const whole = abs / ATOMIC_PER_USDC;
  const fraction = (abs % ATOMIC_PER_USDC)
    .toString()
    .padStart(USDC_DECIMALS, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

/** What one payment holds of the budget while it is under way. */
interface Reservation {
  readonly amount: bigint;
  /** The payment was made (or may have been): it counts for good. */
  commit(): void;
  /** Nothing was paid: the amount is free again. */
  release(): void;
}

/** Why a payment was refused before anything was signed. */
export interface LimitRefusal {
  readonly limit: "max-per-call" | "max-total";
  /** The limit, in atomic units. */
  readonly max: bigint;
  /** The price asked, in atomic units. */
  readonly amount: bigint;
  /** Paid so far and held by payments under way, in atomic units. */
  readonly committed: bigint;
}

export type ReserveOutcome =
  | { readonly ok: true; readonly reservation: Reservation }
  | { readonly ok: false; readonly refusal: LimitRefusal };

/**
 * The spending limits of one process: no payment above `maxPerCall`, and never more than
 * `maxTotal` in all. A payment reserves its amount before it is signed, so two calls under way at
 * once cannot both pass the total; a payment that did not happen gives its amount back.
 */
export class Budget {
  #spent = 0n;
  #held = 0n;

  constructor(
    readonly maxPerCall: bigint,
    readonly maxTotal: bigint,
  ) {
    if (maxPerCall <= 0n || maxTotal <= 0n) throw new RangeError("limits must be positive");
  }

  /** Paid for good so far, in atomic units. */
  get spent(): bigint {
    return this.#spent;
  }

  /** Held by payments under way, in atomic units. */
  get held(): bigint {
    return this.#held;
  }

  reserve(amount: bigint): ReserveOutcome {
    if (amount < 0n) throw new RangeError("a price cannot be negative");
    const committed = this.#spent + this.#held;
    if (amount > this.maxPerCall) {
      return {
        ok: false,
        refusal: { limit: "max-per-call", max: this.maxPerCall, amount, committed },
      };
    }
    if (committed + amount > this.maxTotal) {
      return { ok: false, refusal: { limit: "max-total", max: this.maxTotal, amount, committed } };
    }
    this.#held += amount;
    let settled = false;
    const finish = (paid: boolean) => {
      if (settled) return;
      settled = true;
      this.#held -= amount;
      if (paid) this.#spent += amount;
    };
    return {
      ok: true,
      reservation: { amount, commit: () => finish(true), release: () => finish(false) },
    };
  }
}
