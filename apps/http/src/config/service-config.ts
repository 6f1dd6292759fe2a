import { type LedgerConfig, ledgerConfigFromEnv } from "@svc/ledger";
import { integerSetting, type ListConfig, loadListConfig } from "@svc/ofac-index/node";
import { loadPaymentConfig, type PaymentConfig } from "@svc/payments";
import { loadSigningConfig, type SigningConfig } from "../attestations/signing-config.js";

/** Every setting of the service, read from the environment once (documented in the README). */
export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  /**
   * Where `/metrics` (Prometheus) listens: its own listener, never the API's. Undefined when
   * METRICS_PORT is unset: no metrics listener (an operator opts in, and chooses the port).
   */
  readonly metrics: { readonly port: number; readonly host: string } | undefined;
  /** The public base URL (what discovery documents and 402s name); default http://HOST:PORT. */
  readonly publicBaseUrl: string | undefined;
  readonly payments: PaymentConfig;
  /**
   * One JSON line per request on stdout: on unless `LOG_REQUESTS=0`. The sanctions list's
   * events are logged either way.
   */
  readonly log: boolean;
  /**
   * Development's local chain: seconds between blocks (`DEVNET_BLOCK_TIME`, 1–60, Base: 2), or
   * undefined (0, the default) to mine each transaction at once.
   */
  readonly devnetBlockTime: number | undefined;
  /**
   * The payment ledger (`ledgerConfigFromEnv` of @svc/ledger): a PostgreSQL server
   * (`DATABASE_URL`), else an embedded database in `LEDGER_DIR` (default `.svc/ledger`).
   */
  readonly ledger: LedgerConfig;
  /**
   * This replica's name (`INSTANCE_ID`), unique per replica and kept across its restarts: a
   * restarted replica takes back at once the settlements it had claimed. Default: host:pid.
   */
  readonly instanceId: string | undefined;
  /** The list settings (`loadListConfig` of @svc/ofac-index/node). */
  readonly list: ListConfig;
  /**
   * Document renders one payer may have admitted (queued or running) at once
   * (`RENDER_MAX_PER_PAYER`, 1–64, default 2); more are refused 503 `RENDER_PAYER_BUSY`.
   */
  readonly renderMaxPerPayer: number;
  /**
   * The most document render workers (`RENDER_THREADS`, 1–64, default 2; never more than the
   * cores less one): started on a render's demand, each stopped after `RENDER_IDLE_SECONDS`
   * (1–86,400, default 60) without a render.
   */
  readonly renderThreads: number;
  readonly renderIdleSeconds: number;
  /**
   * The key screening attestations are signed with (`SIGNING_KEY`, required in production; in
   * development a key kept in `SIGNING_KEY_FILE`, default `.svc/signing-key.json`) and the
   * retired public keys still published (`SIGNING_KEYS_RETIRED`).
   */
  readonly signing: SigningConfig;
  /** Wallet monitors: how their re-screening and webhook delivery run (`MonitoringConfig`). */
  readonly monitoring: MonitoringConfig;
}

/** How monitors are re-screened and their webhooks delivered (documented in the README). */
export interface MonitoringConfig {
  /**
   * How often a replica checks whether the monitors are on the edition it serves
   * (`MONITOR_RESCREEN_SECONDS`, 1–3,600, default 30), besides at once when it loads or adopts
   * an edition.
   */
  readonly rescreenSeconds: number;
  /** How often the webhook outbox is polled (`WEBHOOK_POLL_MS`, 50–60,000, default 1,000). */
  readonly pollMs: number;
  /** Webhook attempts in flight at once per replica (`WEBHOOK_CONCURRENCY`, 1–256, default 16). */
  readonly concurrency: number;
  /**
   * How long a webhook attempt may take (`WEBHOOK_TIMEOUT_SECONDS`, 1–15, default 15: the
   * Standard Webhooks timeout). A claimed message is the claiming replica's for twice that and
   * 5 s more; past it, a replica that died mid-attempt leaves it to another.
   */
  readonly timeoutSeconds: number;
  /**
   * Whether webhooks may go to http:// and loopback addresses: in development only (a local
   * receiver); production delivers to https URLs reaching public addresses.
   */
  readonly allowLoopback: boolean;
}

/** A replica's name: what the ledger records as the claimant of its settlements. */
function instanceIdSetting(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[\w.:@-]{1,100}$/.test(raw)) {
    throw new RangeError(
      "INSTANCE_ID must be 1 to 100 letters, digits or . : @ _ - (a name unique per replica)",
    );
  }
  return raw;
}

export function loadServiceConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ServiceConfig {
  const payments = loadPaymentConfig(env);
  return {
    port: integerSetting(env.PORT, "PORT", 8402, 0, 65535),
    host: env.HOST || "127.0.0.1",
    metrics:
      env.METRICS_PORT === undefined || env.METRICS_PORT === ""
        ? undefined
        : {
            port: integerSetting(env.METRICS_PORT, "METRICS_PORT", 0, 0, 65535),
            host: env.METRICS_HOST || "127.0.0.1",
          },
    publicBaseUrl: env.PUBLIC_BASE_URL || undefined,
    payments,
    log: env.LOG_REQUESTS !== "0",
    devnetBlockTime:
      integerSetting(env.DEVNET_BLOCK_TIME, "DEVNET_BLOCK_TIME", 0, 0, 60) || undefined,
    ledger: ledgerConfigFromEnv(env, cwd),
    instanceId: instanceIdSetting(env.INSTANCE_ID),
    list: loadListConfig(env),
    renderMaxPerPayer: integerSetting(env.RENDER_MAX_PER_PAYER, "RENDER_MAX_PER_PAYER", 2, 1, 64),
    renderThreads: integerSetting(env.RENDER_THREADS, "RENDER_THREADS", 2, 1, 64),
    renderIdleSeconds: integerSetting(
      env.RENDER_IDLE_SECONDS,
      "RENDER_IDLE_SECONDS",
      60,
      1,
      86_400,
    ),
    signing: loadSigningConfig(env, { production: payments.mode === "production", cwd }),
    monitoring: {
      rescreenSeconds: integerSetting(
        env.MONITOR_RESCREEN_SECONDS,
        "MONITOR_RESCREEN_SECONDS",
        30,
        1,
        3600,
      ),
      pollMs: integerSetting(env.WEBHOOK_POLL_MS, "WEBHOOK_POLL_MS", 1000, 50, 60_000),
      concurrency: integerSetting(env.WEBHOOK_CONCURRENCY, "WEBHOOK_CONCURRENCY", 16, 1, 256),
      timeoutSeconds: integerSetting(
        env.WEBHOOK_TIMEOUT_SECONDS,
        "WEBHOOK_TIMEOUT_SECONDS",
        15,
        1,
        15,
      ),
      allowLoopback: payments.mode !== "production",
    },
  };
}
