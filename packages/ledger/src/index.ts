export {
  type ArchivedAttestation,
  AttestationArchive,
  type AttestationArchiveOptions,
  DEFAULT_ATTESTATION_RETENTION_DAYS,
} from "./attestations/attestation-archive.js";
export {
  DEFAULT_LEDGER_DIR,
  LEDGER_ENV,
  type LedgerConfig,
  ledgerConfigFromEnv,
} from "./config/ledger-config.js";
export { isLedgerError, LedgerError, type LedgerErrorCode } from "./errors/ledger-error.js";
export {
  DEFAULT_LIST_LIMIT,
  PaymentLedger,
  type PaymentLedgerOptions,
  type PaymentToReserve,
  type ServedDetails,
} from "./ledger/payment-ledger.js";
export type { DayTotal, PaymentRecord } from "./ledger/payment-record.js";
export { type OpenLedgerOptions, openLedger, openSql } from "./open/open-ledger.js";
export { LedgerReservationStore } from "./reservation/ledger-reservation-store.js";
export { MIGRATION_LOCK, migrate } from "./schema/migrate.js";
export { MIGRATIONS, type Migration } from "./schema/migrations.js";
export { PAYMENT_STATUSES, type PaymentStatus } from "./schema/payment-status.js";
export {
  type ClaimedPayment,
  DeferredPayments,
  PAYMENT_ID,
  type PayerExposure,
} from "./settlement/deferred-payments.js";
export {
  DEFERRED_REFUSALS,
  type DeferredSettlementOptions,
  LedgerDeferredSettlement,
  type SettlerEvent,
} from "./settlement/ledger-deferred-settlement.js";
export { MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from "./settlement/retry-delay.js";
export { type PgliteLocation, pgliteSql } from "./sql/pglite-sql.js";
export { postgresSql } from "./sql/postgres-sql.js";
export type { Sql, SqlListening, SqlParam, SqlQuery, SqlRow } from "./sql/sql.js";
