/** Whether this replica's settlements go through, as its settler and its gate saw them. */
export interface SettlementHealthStatus {
  /** Settlements fail for reasons that are not the payers' (the facilitator, its gas, the chain). */
  readonly failing: boolean;
  /** When they started failing (ISO 8601), while they do. */
  readonly failingSince: string | undefined;
  /** The last such failure, while they fail. */
  readonly lastError: string | undefined;
  /** The slowest of the recent settlements, in ms (0 before the first). */
  readonly slowestRecentMs: number;
}

/** A change of health, for the log. */
export type HealthChange =
  | { readonly type: "settlements-failing"; readonly error: string }
  | { readonly type: "settlements-recovered"; readonly failedForMs: number };

/** How many recent settlements the slowest is taken of. */
const RECENT = 20;

/**
 * Whether settlements go through: failing from a failure that is not the payer's until the next
 * settlement succeeds (there is no other proof that they go through again), and how long recent
 * ones took (what a payment answered first must leave room for, several times over).
 */
export class SettlementHealth {
  private failingSinceMs: number | undefined;
  private lastError: string | undefined;
  private readonly recentMs: number[] = [];

  constructor(
    private readonly onChange: (change: HealthChange) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  get failing(): boolean {
    return this.failingSinceMs !== undefined;
  }

  /** A settlement went through in `ms`. */
  settled(ms: number): void {
    this.recentMs.push(Math.max(0, ms));
    if (this.recentMs.length > RECENT) this.recentMs.shift();
    if (this.failingSinceMs === undefined) return;
    const failedForMs = this.now() - this.failingSinceMs;
    this.failingSinceMs = undefined;
    this.lastError = undefined;
    this.onChange({ type: "settlements-recovered", failedForMs });
  }

  /** A settlement failed, and not by the payer's doing. */
  failed(error: string): void {
    this.lastError = error;
    if (this.failingSinceMs !== undefined) return;
    this.failingSinceMs = this.now();
    this.onChange({ type: "settlements-failing", error });
  }

  /** The slowest recent settlement, in seconds (0 before the first). */
  slowestRecentSeconds(): number {
    return this.recentMs.length === 0 ? 0 : Math.max(...this.recentMs) / 1000;
  }

  status(): SettlementHealthStatus {
    return {
      failing: this.failing,
      failingSince:
        this.failingSinceMs === undefined ? undefined : new Date(this.failingSinceMs).toISOString(),
      lastError: this.lastError,
      slowestRecentMs: Math.round(this.slowestRecentSeconds() * 1000),
    };
  }
}
