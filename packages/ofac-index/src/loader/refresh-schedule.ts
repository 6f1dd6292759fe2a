import type { RefreshStatus } from "../screen/result-types.js";
import type { LoaderEvent } from "./loader-event.js";

const DEFAULT_RETRY_BASE_MS = 60_000;

/**
 * When refreshes run: one attempt at a time (concurrent calls share it), every interval while
 * periodic refresh runs, and sooner after failures: the base delay (one minute by default),
 * doubled per consecutive failure, never later than the interval.
 */
export class RefreshSchedule {
  private inFlight: Promise<RefreshStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The refresh interval while periodic refresh runs. */
  private periodMs: number | undefined;
  private failures = 0;

  constructor(
    private readonly attempt: () => Promise<RefreshStatus>,
    private readonly emit: (event: LoaderEvent) => void,
    private readonly retryBaseMs: number = DEFAULT_RETRY_BASE_MS,
  ) {}

  /** The attempt in flight, if any. */
  get running(): Promise<RefreshStatus> | undefined {
    return this.inFlight;
  }

  /** Runs an attempt now, or joins the one in flight. */
  refresh(): Promise<RefreshStatus> {
    if (this.inFlight === undefined) {
      const attempt = this.attempt();
      this.inFlight = attempt;
      void attempt.then((status) => {
        this.inFlight = undefined;
        this.failures = status.ok ? 0 : this.failures + 1;
        this.schedule();
      });
    }
    return this.inFlight;
  }

  startPeriodic(intervalMs: number): void {
    this.periodMs = intervalMs;
    this.schedule();
  }

  /** No more scheduled attempts (the one in flight, if any, runs to its end). */
  stopPeriodic(): void {
    this.periodMs = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The delay before the next attempt: the interval, or the backoff after failures. */
  private schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const period = this.periodMs;
    // Not refreshing periodically, or an attempt is running: it schedules the next when done.
    if (period === undefined || this.inFlight !== undefined) return;
    let delay = period;
    if (this.failures > 0) {
      delay = Math.min(period, this.retryBaseMs * 2 ** Math.min(this.failures - 1, 30));
      this.emit({ type: "retry-scheduled", inMs: delay, failures: this.failures });
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, delay);
    this.timer.unref();
  }
}
