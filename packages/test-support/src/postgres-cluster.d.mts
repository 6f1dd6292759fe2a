export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  readonly url: string;
  /** The cluster's temporary directory (data, socket, server log). */
  readonly dir: string;
  /** Stops the server and removes the directory. */
  stop(): Promise<void>;
  /** Stops the server (fast shutdown, its connections closed), keeping its data and port. */
  pause(): Promise<void>;
  /** Starts the paused server again on its port. */
  resume(): Promise<void>;
}
export function startPostgres(): Promise<PostgresCluster>;
