import { readFile, stat } from "node:fs/promises";
import { type Jwks, parseJwks } from "@svc/attestations";

/** The largest key set read (a file or a download). */
const MAX_JWKS_BYTES = 256 * 1024;

/** How long a key set download may take, headers and body. */
const JWKS_TIMEOUT_MS = 10_000;

async function download(url: string): Promise<string> {
  const signal = AbortSignal.timeout(JWKS_TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal, headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    if (Number(res.headers.get("content-length") ?? 0) > MAX_JWKS_BYTES) {
      throw new Error(`${url} is larger than ${MAX_JWKS_BYTES} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    for await (const chunk of res.body ?? []) {
      received += chunk.byteLength;
      if (received > MAX_JWKS_BYTES) {
        await res.body?.cancel();
        throw new Error(`${url} sent more than ${MAX_JWKS_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    if (signal.aborted) throw new Error(`${url} did not answer within ${JWKS_TIMEOUT_MS / 1000} s`);
    if (error instanceof Error && error.message.startsWith(url)) throw error;
    throw new Error(
      `${url} could not be fetched: ${error instanceof Error ? error.message : error}`,
    );
  }
}

async function readBounded(file: string): Promise<string> {
  const { size } = await stat(file).catch(() => {
    throw new Error(`${file}: no such key set file`);
  });
  if (size > MAX_JWKS_BYTES) throw new Error(`${file} is larger than ${MAX_JWKS_BYTES} bytes`);
  return readFile(file, "utf8");
}

/** The key set `--keys` names: an http(s) URL (bounded in size and time) or a file. */
export async function readKeys(source: string): Promise<Jwks> {
  const text = /^https?:\/\//i.test(source) ? await download(source) : await readBounded(source);
  return parseJwks(text);
}
