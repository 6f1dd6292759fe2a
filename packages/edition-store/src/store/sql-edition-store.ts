import type { SqlQuery } from "@svc/ledger";
import { decodeSnapshot, encodeSnapshot, SdnIndex, type Snapshot } from "@svc/ofac-index";
import type { EditionStore, StoredEditionSummary } from "@svc/ofac-index/node";

/** Where the editions are, as the loader's log lines name it. */
const EDITION_TABLE = "list_editions";

const SHA256 = /^[0-9a-f]{64}$/;

interface SummaryRow extends Record<string, unknown> {
  readonly dataset_sha256: string;
  readonly dataset_date: string;
  readonly address_count: number;
  readonly stored_at: Date;
}

interface SnapshotRow extends Record<string, unknown> {
  readonly dataset_sha256: string;
  readonly snapshot: string;
}

/** The newest first: by date, then the last stored. */
const NEWEST_FIRST = "order by dataset_date desc, stored_at desc";

/**
 * The sanctions list's editions in the database (table `list_editions`, migration 3): one row
 * per distinct edition, keyed by its SHA-256, holding the edition in @svc/ofac-index's snapshot
 * format. Every replica on one server reads and writes the same rows. A row that does not decode
 * is skipped, never served. Needs the ledger's migrations applied.
 */
export class SqlEditionStore implements EditionStore {
  readonly location = `database table ${EDITION_TABLE}`;

  constructor(private readonly sql: SqlQuery) {}

  /** Stores the edition unless a row of its SHA-256 exists (a replica may have stored it first). */
  async put(index: SdnIndex, storedAt: Date): Promise<{ created: boolean; location: string }> {
    const sha = index.meta.datasetSha256;
    const location = `${EDITION_TABLE}/${sha}`;
    const stored = storedAt.toISOString();
    const snapshot = encodeSnapshot(index.edition, index.provenance, stored);
    const { rows } = await this.sql.query(
      `insert into list_editions (dataset_sha256, dataset_date, address_count, stored_at, snapshot)
       values ($1, $2::date, $3, $4, $5)
       on conflict (dataset_sha256) do nothing
       returning dataset_sha256`,
      [sha, index.meta.datasetDate, index.addressCount, stored, snapshot],
    );
    return { created: rows.length === 1, location };
  }

  async latest(notAfter?: string): Promise<SdnIndex | undefined> {
    const { rows } = await this.sql.query<{ dataset_sha256: string }>(
      `select dataset_sha256 from list_editions
       where $1::date is null or dataset_date <= $1::date ${NEWEST_FIRST}`,
      [notAfter ?? null],
    );
    // Usually the first; a damaged row is passed over for the next.
    for (const { dataset_sha256 } of rows) {
      const found = await this.bySha(dataset_sha256);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  async summaries(): Promise<StoredEditionSummary[]> {
    const { rows } = await this.sql.query<SummaryRow>(
      `select dataset_sha256, to_char(dataset_date, 'YYYY-MM-DD') as dataset_date, address_count,
         stored_at
       from list_editions ${NEWEST_FIRST}`,
    );
    return rows.map((row) =>
      Object.freeze({
        datasetDate: row.dataset_date,
        datasetSha256: row.dataset_sha256,
        addressCount: row.address_count,
        storedAt: row.stored_at.toISOString(),
      }),
    );
  }

  async bySha(sha256: string): Promise<SdnIndex | undefined> {
    const sha = sha256.toLowerCase();
    if (!SHA256.test(sha)) return undefined;
    const { rows } = await this.sql.query<SnapshotRow>(
      "select dataset_sha256, snapshot from list_editions where dataset_sha256 = $1",
      [sha],
    );
    const snapshot = rows[0] === undefined ? undefined : decoded(rows[0]);
    return snapshot === undefined
      ? undefined
      : SdnIndex.fromEdition(snapshot.edition, snapshot.provenance);
  }

  async all(): Promise<Snapshot[]> {
    const { rows } = await this.sql.query<SnapshotRow>(
      "select dataset_sha256, snapshot from list_editions order by dataset_date, stored_at",
    );
    return rows.map(decoded).filter((s): s is Snapshot => s !== undefined);
  }
}

/** A row's edition; undefined when it does not decode, or is not the edition its key names. */
function decoded(row: SnapshotRow): Snapshot | undefined {
  try {
    const snapshot = decodeSnapshot(row.snapshot, `${EDITION_TABLE}/${row.dataset_sha256}`);
    return snapshot.edition.meta.datasetSha256 === row.dataset_sha256 ? snapshot : undefined;
  } catch {
    return undefined;
  }
}
