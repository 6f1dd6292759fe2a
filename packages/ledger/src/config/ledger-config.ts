import { resolve } from "node:path";
import { LedgerError } from "../errors/ledger-error.js";

/** The settings, named as environment variables. */
export const LEDGER_ENV = {
  databaseUrl: "DATABASE_URL",
  dir: "LEDGER_DIR",
  storeQueries: "LEDGER_STORE_QUERIES",
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
}

const refused = (variable: string, message: string): LedgerError =>
  new LedgerError("LEDGER_CONFIG_INVALID", variable, message);

/**
 * Reads the ledger's settings: DATABASE_URL (postgres:// or postgresql://) chooses a PostgreSQL
 * server; otherwise LEDGER_DIR (default `.svc/ledger`, resolved against `cwd`) holds an embedded
 * PGlite database. LEDGER_STORE_QUERIES=1 keeps the screened addresses of served payments.
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
  return {
    databaseUrl: url,
    dir: resolve(cwd, env[LEDGER_ENV.dir] || DEFAULT_LEDGER_DIR),
    storeQueries: store === "1",
  };
}
