import { OfacIndexError } from "../errors/ofac-index-error.js";

/** OFAC's download host answers 403 unless the User-Agent looks like a browser. */
const DEFAULT_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 svc-ofac-index/0.1";

export interface HttpValidators {
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
}

export interface HttpFetchOptions {
  readonly userAgent?: string;
  /** Deadline for the whole download, headers and body (ms). */
  readonly timeoutMs?: number;
  /** Refuse bodies larger than this (bytes on the wire). */
  readonly maxDownloadBytes?: number;
  /** Validators of the edition already held, for a conditional GET. */
  readonly validators?: HttpValidators;
  /** SHA-256 of the edition already held: a HEAD whose `Digest` equals it skips the GET. */
  readonly knownSha256?: string;
  /** Cancels the download (a stopping loader): fails with `SOURCE_UNREACHABLE`. */
  readonly signal?: AbortSignal;
}

export type HttpFetchResult =
  | { readonly status: "not-modified"; readonly via: "etag" | "digest" }
  | {
      readonly status: "ok";
      readonly body: AsyncIterable<Uint8Array>;
      readonly validators: HttpValidators;
    };

const DEFAULTS = { timeoutMs: 120_000, maxDownloadBytes: 256 * 1024 * 1024 };

/** `Digest: sha-256=<hex or base64>` → lower-case hex, if present. */
function digestSha256(header: string | null): string | undefined {
  if (header === null) return undefined;
  for (const part of header.split(",")) {
    const m = /^\s*sha-256=(.+?)\s*$/i.exec(part);
    const value = m?.[1]?.replace(/^"|"$/g, "");
    if (value === undefined) continue;
    if (/^[0-9a-f]{64}$/i.test(value)) return value.toLowerCase();
    const bytes = Buffer.from(value, "base64");
    if (bytes.length === 32) return bytes.toString("hex");
  }
  return undefined;
}

function classify(
  err: unknown,
  url: string,
  timeoutMs: number,
  cancelled?: AbortSignal,
): OfacIndexError {
  if (err instanceof OfacIndexError) return err;
  if (cancelled?.aborted === true) {
    return new OfacIndexError("SOURCE_UNREACHABLE", `the download of ${url} was cancelled`, {
      cause: err,
    });
  }
  const name = (err as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new OfacIndexError("TIMEOUT", `${url} did not answer within ${timeoutMs} ms`, {
      cause: err,
    });
  }
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return new OfacIndexError(
    "SOURCE_UNREACHABLE",
    `cannot reach ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
    { cause: err },
  );
}

/**
 * Downloads an edition over HTTP(S): conditional on what is held (HEAD digest, ETag,
 * Last-Modified), with a browser-like User-Agent, a deadline and a size cap. Redirects (OFAC
 * answers 302 to S3) are followed.
 */
export async function fetchEdition(
  url: string,
  options: HttpFetchOptions = {},
): Promise<HttpFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxDownloadBytes ?? DEFAULTS.maxDownloadBytes;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("timeout", "TimeoutError")),
    timeoutMs,
  );
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted === true) cancel();
  options.signal?.addEventListener("abort", cancel, { once: true });
  const release = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
  };
  const headers: Record<string, string> = {
    "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
    accept: "application/xml, text/xml, application/gzip, */*",
  };
  let handedOver = false;
  try {
    if (options.knownSha256 !== undefined) {
      try {
        const head = await fetch(url, {
          method: "HEAD",
          headers,
          signal: controller.signal,
          redirect: "follow",
        });
        if (head.ok && digestSha256(head.headers.get("digest")) === options.knownSha256) {
          return { status: "not-modified", via: "digest" };
        }
      } catch (err) {
        if (controller.signal.aborted) throw err;
        // HEAD is an optimization only: fall through to the GET, which reports real failures.
      }
    }
    const conditional: Record<string, string> = {};
    if (options.validators?.etag !== undefined)
      conditional["if-none-match"] = options.validators.etag;
    if (options.validators?.lastModified !== undefined) {
      conditional["if-modified-since"] = options.validators.lastModified;
    }
    const res = await fetch(url, {
      headers: { ...headers, ...conditional },
      signal: controller.signal,
      redirect: "follow",
    });
    if (res.status === 304) {
      await res.body?.cancel();
      return { status: "not-modified", via: "etag" };
    }
    if (!res.ok || res.body === null) {
      await res.body?.cancel();
      throw new OfacIndexError(
        "HTTP_STATUS",
        `${url} answered HTTP ${res.status} ${res.statusText}`.trim(),
        {
          details: { status: res.status },
        },
      );
    }
    const declared = Number(res.headers.get("content-length") ?? "NaN");
    if (declared > maxBytes) {
      await res.body.cancel();
      throw new OfacIndexError(
        "SIZE_LIMIT",
        `${url} is ${declared} bytes; the limit is ${maxBytes}`,
      );
    }
    const validators: HttpValidators = {
      etag: res.headers.get("etag") ?? undefined,
      lastModified: res.headers.get("last-modified") ?? undefined,
    };
    const stream = res.body;
    handedOver = true;
    async function* body(): AsyncGenerator<Uint8Array> {
      let received = 0;
      try {
        for await (const chunk of stream) {
          received += chunk.length;
          if (received > maxBytes) {
            controller.abort();
            throw new OfacIndexError("SIZE_LIMIT", `${url} sent more than ${maxBytes} bytes`);
          }
          yield chunk;
        }
      } catch (err) {
        throw classify(err, url, timeoutMs, options.signal);
      } finally {
        release();
        if (!stream.locked) await stream.cancel().catch(() => {});
      }
    }
    return { status: "ok", body: body(), validators };
  } catch (err) {
    throw classify(err, url, timeoutMs, options.signal);
  } finally {
    if (!handedOver) release();
  }
}
