import { resolve } from "node:path";
import { DEFAULT_ATTESTATION_RETENTION_DAYS } from "../attestations/attestation-archive.js";
import { LedgerError } from "../errors/ledger-error.js";

/** The settings, named as environment variables. */
export const LEDGER_ENV = {
  databaseUrl: "DATABASE_URL",
  dir: "LEDGER_DIR",
  storeQueries: "LEDGER_STORE_QUERIES",
  attestationRetentionDays: "ATTESTATION_RETENTION_DAYS",
} as const;

/**
 * Where the embedded ledger lives when neither DATABASE_URL nor LEDGER_DIR is set: under the
 * working directory, beside the service's other local state, so `pnpm start` needs nothing else.
 */
export const DEFAULT_LEDGER_DIR = ".svc/ledger";

/** Where the ledger is and what it keeps; `openLedger` takes it as is. */
export interface LedgerConfig {
  /** A PostgreSQL server; when set, the directory is not used. */
  readonly databaseUrl?: string | undefined;
  /** The embedded (PGlite) database's directory, absolute. */
  readonly dir: string;
  readonly storeQueries: boolean;
  /** Days each issued attestation is kept in the archive (default five years, 1826). */
  readonly attestationRetentionDays: number;
}

const refused = (variable: string, message: string): LedgerError =>
  new LedgerError("LEDGER_CONFIG_INVALID", variable, message);

/**
 * Reads the ledger's settings: DATABASE_URL (postgres:// or postgresql://) chooses a PostgreSQL
 * server; otherwise LEDGER_DIR (default `.svc/ledger`, resolved against `cwd`) holds an embedded
 * PGlite database. LEDGER_STORE_QUERIES=1 keeps the screened addresses of served payments.
 * ATTESTATION_RETENTION_DAYS (default 1826, five years) is how long issued attestations are kept.
 */
export function ledgerConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): LedgerConfig {
  const url = env[LEDGER_ENV.databaseUrl] || undefined;
  if (url !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(url)) {
    throw refused(LEDGER_ENV.databaseUrl, "must be a postgres:// or postgresql:// URL");
  }
  const store = env[LEDGER_ENV.storeQueries] || "0";
  if (store !== "0" && store !== "1") throw refused(LEDGER_ENV.storeQueries, "must be 0 or 1");
  const retention =
    env[LEDGER_ENV.attestationRetentionDays] || `${DEFAULT_ATTESTATION_RETENTION_DAYS}`;
  if (!/^[1-9][0-9]{0,5}$/.test(retention)) {
    throw refused(
      LEDGER_ENV.attestationRetentionDays,
      "must be a whole number of days from 1 to 999999",
    );
  }
  return {
    attestationRetentionDays: Number(retention),
    databaseUrl: url,
    dir: resolve(cwd, env[LEDGER_ENV.dir] || DEFAULT_LEDGER_DIR),
    storeQueries: store === "1",
  };
}
