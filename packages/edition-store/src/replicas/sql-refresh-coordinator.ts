import { randomUUID } from "node:crypto";
import type { Sql, SqlListening } from "@svc/ledger";
import type {
  EditionAnnouncement,
  ExclusiveOutcome,
  RefreshCoordinator,
} from "@svc/ofac-index/node";

/**
 * The session advisory lock a replica holds while it refreshes the list (any constant shared by
 * all replicas, distinct from the migrations' lock).
 */
export const EDITION_REFRESH_LOCK = 7_301_202_612;
/** The channel replicas announce stored editions on. */
const EDITION_CHANNEL = "svc_list_editions";

/** After the listening connection drops, the first reconnect comes this long later, doubling. */
const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

const SHA256 = /^[0-9a-f]{64}$/;

export interface SqlRefreshCoordinatorOptions {
  /** First delay before reconnecting the listener (default half a second), doubling to 30 s. */
  readonly reconnectBaseMs?: number | undefined;
  /** The listener dropped (with the delay before the next try), or reconnected. */
  readonly onListenerEvent?:
    | ((event: {
        readonly type: "dropped";
        readonly reason: string;
        readonly retryInMs: number;
      }) => void)
    | undefined;
}

/** An announcement's payload: the edition, and which coordinator sent it (to skip one's own). */
const payloadOf = (sha256: string, from: string): string => JSON.stringify({ sha256, from });

function parsePayload(payload: string): { sha256: string; from: string } | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof raw !== "object" || raw === null) return undefined;
  const sha256 = "sha256" in raw ? raw.sha256 : undefined;
  const from = "from" in raw ? raw.from : undefined;
  return typeof sha256 === "string" && SHA256.test(sha256) && typeof from === "string"
    ? { sha256, from }
    : undefined;
}

/**
 * Replicas on one PostgreSQL refreshing the list one at a time: a session advisory lock
 * (`pg_try_advisory_lock`) on a connection held for the refresh, released after it (or when
 * that connection closes: a replica that dies mid-refresh never keeps it); announcements by
 * `NOTIFY`, heard by `LISTEN` on a connection of its own that reconnects with backoff when it
 * drops, and then asks for a resync (a notification sent meanwhile is lost). A coordinator does
 * not hear its own announcements.
 */
export class SqlRefreshCoordinator implements RefreshCoordinator {
  private readonly id = randomUUID();
  /** This process's own refresh: the session lock is re-entrant within one connection. */
  private running = false;

  constructor(
    private readonly sql: Sql,
    private readonly options: SqlRefreshCoordinatorOptions = {},
  ) {}

  async exclusive<T>(work: () => Promise<T>): Promise<ExclusiveOutcome<T>> {
    if (this.running) return { ran: false };
    this.running = true;
    try {
      return await this.sql.session(async (conn) => {
        const { rows } = await conn.query<{ locked: boolean }>(
          "select pg_try_advisory_lock($1) as locked",
          [EDITION_REFRESH_LOCK],
        );
        if (rows[0]?.locked !== true) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await conn.query("select pg_advisory_unlock($1)", [EDITION_REFRESH_LOCK]).catch(() => {}); // the connection is closed after the work: the lock goes with it
        }
      });
    } finally {
      this.running = false;
    }
  }

  async announce(sha256: string): Promise<void> {
    await this.sql.query("select pg_notify($1, $2)", [EDITION_CHANNEL, payloadOf(sha256, this.id)]);
  }

  subscribe(onAnnouncement: (announcement: EditionAnnouncement) => void): () => Promise<void> {
    let stopped = false;
    let listening: SqlListening | undefined;
    let wake: () => void = () => {};
    const hear = (payload: string) => {
      const parsed = parsePayload(payload);
      if (parsed !== undefined && parsed.from !== this.id) {
        onAnnouncement({ type: "edition", sha256: parsed.sha256 });
      }
    };
    const loop = async () => {
      let failures = 0;
      let connectedBefore = false;
      while (!stopped) {
        let reason: Error | undefined;
        try {
          listening = await this.sql.listen(EDITION_CHANNEL, hear);
          if (stopped) break;
          failures = 0;
          // Announcements sent while no connection listened are lost: check the store.
          if (connectedBefore) onAnnouncement({ type: "resync" });
          connectedBefore = true;
          reason = await listening.ended;
          listening = undefined;
        } catch (error) {
          reason = error instanceof Error ? error : new Error(String(error));
        }
        if (stopped) break;
        const base = this.options.reconnectBaseMs ?? RECONNECT_BASE_MS;
        const delay = Math.min(RECONNECT_MAX_MS, base * 2 ** Math.min(failures, 16));
        failures += 1;
        this.options.onListenerEvent?.({
          type: "dropped",
          reason: reason?.message ?? "the listening connection ended",
          retryInMs: delay,
        });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await listening?.unlisten();
    };
    const running = loop();
    return async () => {
      stopped = true;
      wake();
      await listening?.unlisten();
      await running;
    };
  }
}
