/** An app on a real loopback port, as production serves it. */
export interface Served {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Stops listening, once the open connections end. */
  close(): Promise<void>;
}

/** Serves `app` (anything with a web-standard `fetch`) on 127.0.0.1, on a free port. */
export function serveOnLoopback(app: {
  fetch(request: Request, ...rest: never[]): Response | Promise<Response>;
}): Promise<Served>;
