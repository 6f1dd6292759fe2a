import {
  MAX_UNSETTLED_ENDS,
  type ReservationStore,
  type ReserveResult,
} from "./reservation-store.js";

interface Entry {
  state: "free" | "in_use" | "used";
  /** How many of its requests ended unsettled. */
  unsettled: number;
  expiresAt: number;
}

/** How often, at most, expired entries are swept (each sweep visits every entry). */
const SWEEP_INTERVAL_MS = 10_000;

/**
 * Reservations in this process's memory: atomic because JavaScript runs one callback at a time
 * and no method awaits between reading and writing. Entries are dropped once their
 * authorization has expired, so memory is bounded by the authorizations seen in the last
 * validity window (about a minute).
 */
export class MemoryReservationStore implements ReservationStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, expiresAt: number): Promise<ReserveResult> {
    this.sweep();
    const found = this.current(key);
    if (found === undefined) {
      this.entries.set(key, { state: "in_use", unsettled: 0, expiresAt });
      return "reserved";
    }
    if (found.state !== "free") return found.state;
    if (found.unsettled >= MAX_UNSETTLED_ENDS) return "exhausted";
    found.state = "in_use";
    return "reserved";
  }

  async release(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry?.state !== "in_use") return;
    entry.state = "free";
    entry.unsettled++;
  }

  async forget(key: string): Promise<void> {
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
