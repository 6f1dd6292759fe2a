import { attestationFingerprint, decodeAttestation } from "@svc/attestations";
import type { Sql } from "../sql/sql.js";

/** How long an attestation is kept by default: five years, the BSA's record-keeping period. */
export const DEFAULT_ATTESTATION_RETENTION_DAYS = 1826;

const DAY_MS = 86_400_000;
const FINGERPRINT = /^[0-9a-f]{64}$/;

export interface AttestationArchiveOptions {
  /** Days an attestation is kept from its instant (default `DEFAULT_ATTESTATION_RETENTION_DAYS`). */
  readonly retentionDays?: number | undefined;
  /** The clock retention is counted on (default: now). */
  readonly now?: (() => Date) | undefined;
}

/** An archived attestation: the JWS and when it was issued. */
export interface ArchivedAttestation {
  readonly fingerprint: string;
  readonly jws: string;
  readonly issuedAt: Date;
}

/**
 * Every attestation the service issues, in the ledger's database (PGlite, or PostgreSQL shared
 * by the replicas), found by its fingerprint: what the free lookup `GET /api/attestations/{fp}`
 * answers. One row per attestation (the fingerprint, the JWS, its instant); rows older than the
 * retention period are deleted by `prune`, and never answered once past it.
 */
export class AttestationArchive {
  readonly retentionDays: number;
  readonly #now: () => Date;

  constructor(
    private readonly sql: Sql,
    options: AttestationArchiveOptions = {},
  ) {
    const days = options.retentionDays ?? DEFAULT_ATTESTATION_RETENTION_DAYS;
    if (!Number.isInteger(days) || days < 1) {
      throw new RangeError("retentionDays must be a whole number of days ≥ 1");
    }
    this.retentionDays = days;
    this.#now = options.now ?? (() => new Date());
  }

  /** The oldest instant still kept. */
  #cutoff(): Date {
    return new Date(this.#now().getTime() - this.retentionDays * DAY_MS);
  }

  /**
   * Keeps an attestation the service signed (its instant read from its claims); resolves to its
   * fingerprint. The same JWS twice is one row.
   */
  async archive(jws: string): Promise<string> {
    const { claims } = decodeAttestation(jws);
    const fingerprint = attestationFingerprint(jws);
    await this.sql.query(
      `insert into attestations (fingerprint, jws, issued_at) values ($1, $2, $3)
        on conflict (fingerprint) do nothing`,
      [fingerprint, jws, new Date(claims.issuedAt)],
    );
    return fingerprint;
  }

  /** The attestation with this fingerprint (lower-case hex), while it is kept; else undefined. */
  async find(fingerprint: string): Promise<ArchivedAttestation | undefined> {
    if (!FINGERPRINT.test(fingerprint)) return undefined;
    const { rows } = await this.sql.query<{ jws: string; issued_at: Date }>(
      "select jws, issued_at from attestations where fingerprint = $1 and issued_at >= $2",
      [fingerprint, this.#cutoff()],
    );
    const row = rows[0];
    return row === undefined ? undefined : { fingerprint, jws: row.jws, issuedAt: row.issued_at };
  }

  /** Deletes the attestations past the retention period; resolves to how many. */
  async prune(): Promise<number> {
    const { rows } = await this.sql.query<{ n: number }>(
      `with gone as (delete from attestations where issued_at < $1 returning 1)
        select count(*)::int4 as n from gone`,
      [this.#cutoff()],
    );
    return rows[0]?.n ?? 0;
  }

  /** How many attestations are kept, and the table's bytes on disk (rows, TOAST and index). */
  async size(): Promise<{ readonly count: number; readonly bytes: number }> {
    const { rows } = await this.sql.query<{ count: number; bytes: string }>(
      `select (select count(*)::int4 from attestations) as count,
        pg_total_relation_size('attestations')::text as bytes`,
    );
    return { count: rows[0]?.count ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
  }
}
