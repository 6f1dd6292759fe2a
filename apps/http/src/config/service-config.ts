import { loadPaymentConfig, type PaymentConfig } from "@svc/payments";

/** Every setting of the service, read from the environment once (documented in the README). */
export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  /** The public base URL (what discovery documents and 402s name); default http://HOST:PORT. */
  readonly publicBaseUrl: string | undefined;
  readonly payments: PaymentConfig;
  /** One JSON line per request on stdout: on unless `LOG_REQUESTS=0`. */
  readonly log: boolean;
  readonly list: {
    /** A path or URL of an SDN Advanced XML: `OFAC_SOURCE`. */
    readonly source: string | undefined;
    /** Fetch and refresh from OFAC's official URL: `OFAC_OFFICIAL=1`. */
    readonly official: boolean;
    /** Stored editions: `OFAC_SNAPSHOT_DIR`. */
    readonly snapshotDir: string | undefined;
    /** Serve the embedded sample when nothing else loads: on unless `OFAC_SAMPLE_FALLBACK=0`. */
    readonly sampleFallback: boolean;
    /** `OFAC_REFRESH_MINUTES`, default 1440 (daily). */
    readonly refreshMinutes: number;
  };
}

const integer = (
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number => {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(
      `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
};

export function loadServiceConfig(
  env: Readonly<Record<string, string | undefined>>,
): ServiceConfig {
  return {
    port: integer(env.PORT, "PORT", 8402, 0, 65535),
    host: env.HOST || "127.0.0.1",
    publicBaseUrl: env.PUBLIC_BASE_URL || undefined,
    payments: loadPaymentConfig(env),
    log: env.LOG_REQUESTS !== "0",
    list: {
      source: env.OFAC_SOURCE || undefined,
      official: env.OFAC_OFFICIAL === "1",
      snapshotDir: env.OFAC_SNAPSHOT_DIR || undefined,
      sampleFallback: env.OFAC_SAMPLE_FALLBACK !== "0",
      refreshMinutes: integer(env.OFAC_REFRESH_MINUTES, "OFAC_REFRESH_MINUTES", 1440, 1, 10_080),
    },
  };
}
