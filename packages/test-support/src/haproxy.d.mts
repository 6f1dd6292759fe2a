export interface Haproxy {
  /** http://127.0.0.1:<port>: the balanced front of the replicas. */
  readonly url: string;
  /** Stops HAProxy and removes its configuration. */
  stop(): Promise<void>;
}
export function startHaproxy(backends: readonly string[]): Promise<Haproxy>;
