import type { Context, MiddlewareHandler } from "hono";
import { problem } from "./problem.js";

/** How many requests a client may send at once (`burst`), and how many a second after that. */
export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

export interface RateLimitOptions extends RateLimit {
  /** How many clients' buckets are kept (the least recently seen is dropped past it). */
  readonly maxClients?: number | undefined;
  /** The clock (ms). */
  readonly now?: (() => number) | undefined;
}

/** Clients whose buckets are kept: a flood from many addresses costs a bounded map. */
const MAX_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * The address the request came from: the socket's peer (`env.incoming` of @hono/node-server);
 * behind a proxy, the proxy's. One key for requests without a socket (in-process).
 */
export const clientOf = (c: Context): string =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress ?? "local";

/**
 * A token bucket per client: `burst` requests at once, then `perSecond`. One set of buckets can
 * bound several doors at once (the dry runs of every route and of the MCP tools share theirs),
 * so a client cannot multiply its allowance by the number of doors.
 */
export interface ClientBuckets {
  readonly limit: RateLimit;
  /** Takes one token from the client's bucket: 0 when taken, else the whole seconds until one is. */
  take(client: string): number;
}

/** Buckets of `options`, at most `maxClients` of them (the least recently seen dropped past it). */
export function clientBuckets(options: RateLimitOptions): ClientBuckets {
  const { burst, perSecond } = options;
  const maxClients = options.maxClients ?? MAX_CLIENTS;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  return {
    limit: { burst, perSecond },
    take(client) {
      const t = now();
      const found = buckets.get(client);
      const bucket = found ?? { tokens: burst, at: t };
      bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
      bucket.at = t;
      // Most recently seen last: the first key is the one dropped.
      if (found !== undefined) buckets.delete(client);
      buckets.set(client, bucket);
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  };
}

/** The 429 of a client past its limit: `Retry-After` in whole seconds, the connection closed. */
const rateLimited = (c: Context, { burst, perSecond }: RateLimit, wait: number): Response =>
  problem(
    c,
    429,
    "RATE_LIMITED",
    `Too many requests from this client: at most ${burst} at once, then ${perSecond} a second. Retry in ${wait} s.`,
    undefined,
    { "Retry-After": String(wait), Connection: "close" },
  );

/**
 * A token bucket per client address (`clientBuckets`, or buckets shared with other doors): past
 * it the request is refused 429 `RATE_LIMITED` with `Retry-After` before anything of it is read,
 * and its connection closed, so a flood's unread bodies are never drained.
 */
export function clientRateLimit(options: RateLimitOptions | ClientBuckets): MiddlewareHandler {
  const buckets = "take" in options ? options : clientBuckets(options);
  return async (c, next) => {
    const wait = buckets.take(clientOf(c));
    if (wait > 0) return rateLimited(c, buckets.limit, wait);
    await next();
  };
}
