/** Where the list comes from and how often it is refreshed, as a server configures it. */
export interface ListConfig {
  /** `OFAC_SOURCE`: a path or URL of an SDN Advanced XML. */
  readonly source: string | undefined;
  /** `OFAC_OFFICIAL=1`: fetch and refresh from OFAC's official URL. */
  readonly official: boolean;
  /** `OFAC_SNAPSHOT_DIR`: stored editions. */
  readonly snapshotDir: string | undefined;
  /** On unless `OFAC_SAMPLE_FALLBACK=0`: serve the embedded sample when nothing else loads. */
  readonly sampleFallback: boolean;
  /** `OFAC_REFRESH_MINUTES`, default 1440 (daily). */
  readonly refreshMinutes: number;
  /**
   * `OFAC_STALE_AFTER_HOURS`, default 48: a list not confirmed current for longer is flagged
   * `stale` in every answer.
   */
  readonly staleAfterHours: number;
  /** `OFAC_FAIL_WHEN_STALE=1`: refuse screening on a stale list (503 `LIST_STALE`). */
  readonly failWhenStale: boolean;
}

/** The list settings shared by every process of the service (documented in the README). */
const LIST_ENV = {
  source: "OFAC_SOURCE",
  official: "OFAC_OFFICIAL",
  snapshotDir: "OFAC_SNAPSHOT_DIR",
  sampleFallback: "OFAC_SAMPLE_FALLBACK",
  refreshMinutes: "OFAC_REFRESH_MINUTES",
  staleAfterHours: "OFAC_STALE_AFTER_HOURS",
  failWhenStale: "OFAC_FAIL_WHEN_STALE",
} as const;

/** An integer setting within bounds, or a RangeError that names it. */
export function integerSetting(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(
      `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/**
 * Reads the list settings: `OFAC_SOURCE` (a path or URL of an SDN Advanced XML),
 * `OFAC_OFFICIAL=1` (OFAC's official URL), `OFAC_SNAPSHOT_DIR` (stored editions),
 * `OFAC_SAMPLE_FALLBACK=0` (never serve the embedded sample), `OFAC_REFRESH_MINUTES`,
 * `OFAC_STALE_AFTER_HOURS` and `OFAC_FAIL_WHEN_STALE=1`.
 */
export function loadListConfig(env: Readonly<Record<string, string | undefined>>): ListConfig {
  return {
    source: env[LIST_ENV.source] || undefined,
    official: env[LIST_ENV.official] === "1",
    snapshotDir: env[LIST_ENV.snapshotDir] || undefined,
    sampleFallback: env[LIST_ENV.sampleFallback] !== "0",
    refreshMinutes: integerSetting(
      env[LIST_ENV.refreshMinutes],
      LIST_ENV.refreshMinutes,
      1440,
      1,
      10_080,
    ),
    staleAfterHours: integerSetting(
      env[LIST_ENV.staleAfterHours],
      LIST_ENV.staleAfterHours,
      48,
      1,
      8_760,
    ),
    failWhenStale: env[LIST_ENV.failWhenStale] === "1",
  };
}
