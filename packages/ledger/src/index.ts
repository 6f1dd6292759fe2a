export { type LedgerConfig, ledgerConfigFromEnv } from "./config/ledger-config.js";
export { PaymentLedger, /** @public */ type PendingSummary } from "./ledger/payment-ledger.js";
export type { PaymentRecord } from "./ledger/payment-record.js";
export type { MonitorBook } from "./monitors/monitor-book.js";
export type { MonitorRecord, StoredMessage } from "./monitors/monitor-records.js";
export { openLedger } from "./open/open-ledger.js";
export { LedgerReservationStore } from "./reservation/ledger-reservation-store.js";
export { migrate } from "./schema/migrate.js";
export { PAYMENT_STATUSES } from "./schema/payment-status.js";
export { PAYMENT_ID } from "./settlement/deferred-payments.js";
export {
  LedgerDeferredSettlement,
  type SettlerEvent,
} from "./settlement/ledger-deferred-settlement.js";
export { pgliteSql } from "./sql/pglite-sql.js";
export { postgresSql } from "./sql/postgres-sql.js";
export type { Sql, SqlListening, SqlQuery } from "./sql/sql.js";
