import type { ReservationStore, ReserveResult } from "./reservation-store.js";

interface Entry {
  state: "in_use" | "used";
  expiresAt: number;
}

/** How often, at most, expired entries are swept (each sweep visits every entry). */
const SWEEP_INTERVAL_MS = 10_000;

/**
 * Reservations in this process's memory: atomic because JavaScript runs one callback at a time
 * and no method awaits between reading and writing. Entries are dropped once their
 * authorization has expired, so memory is bounded by the authorizations verified in the last
 * validity window (a minute or so), each of which cost its sender a valid signature and funds.
 */
export class MemoryReservationStore implements ReservationStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, expiresAt: number): Promise<ReserveResult> {
    this.sweep();
    const found = this.current(key);
    if (found !== undefined) return found.state;
    this.entries.set(key, { state: "in_use", expiresAt });
    return "reserved";
  }

  async peek(key: string): Promise<ReserveResult | "free"> {
    return this.current(key)?.state ?? "free";
  }

  async release(key: string): Promise<void> {
    if (this.entries.get(key)?.state === "in_use") this.entries.delete(key);
  }

  async markUsed(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.state = "used";
  }

  /** Entries held now (expired ones may linger until the next sweep). */
  get size(): number {
    return this.entries.size;
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
