/** How long one answer of the ledger's probe is reused: a flood of `/ready` is one query a second. */
const LEDGER_PROBE_TTL_MS = 1_000;
/** How long the probe waits for the ledger before it counts as unreachable. */
const LEDGER_PROBE_TIMEOUT_MS = 1_000;

export interface LedgerProbeOptions {
  readonly ttlMs?: number | undefined;
  readonly timeoutMs?: number | undefined;
  /** The clock (ms), for the reuse of an answer. */
  readonly now?: (() => number) | undefined;
}

/**
 * Whether the payment ledger can take payments, for `/ready`: `ping` (the ledger's `select 1`)
 * within `timeoutMs`, its answer reused for `ttlMs` after it came, and one probe at a time
 * (concurrent callers share it). A replica whose ledger is down then leaves its balancer's
 * rotation instead of answering every paid call 503.
 */
export function ledgerReadiness(
  ping: () => Promise<void>,
  options: LedgerProbeOptions = {},
): () => Promise<boolean> {
  const ttlMs = options.ttlMs ?? LEDGER_PROBE_TTL_MS;
  const timeoutMs = options.timeoutMs ?? LEDGER_PROBE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let last: { readonly at: number; readonly reachable: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;

  const probe = async (): Promise<boolean> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
    });
    try {
      return await Promise.race([
        ping().then(
          () => true,
          () => false,
        ),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  return () => {
    if (last !== undefined && now() - last.at < ttlMs) return Promise.resolve(last.reachable);
    inFlight ??= probe().then((reachable) => {
      last = { at: now(), reachable };
      inFlight = undefined;
      return reachable;
    });
    return inFlight;
  };
}
