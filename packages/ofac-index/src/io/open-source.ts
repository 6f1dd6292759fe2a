import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { OfacIndexError } from "../errors/ofac-index-error.js";

export const isHttpUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/** A readable file, with a clear `SOURCE_NOT_FOUND` when it is missing or a directory. */
export async function openFile(
  path: string,
  onBytes?: (bytesSoFar: number, totalBytes: number) => void,
): Promise<{ body: AsyncIterable<Uint8Array>; size: number; mtimeMs: number; url: string }> {
  const absolute = resolve(path);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(absolute);
  } catch (cause) {
    throw new OfacIndexError("SOURCE_NOT_FOUND", `cannot read ${path}: no such file`, { cause });
  }
  if (!info.isFile())
    throw new OfacIndexError("SOURCE_NOT_FOUND", `cannot read ${path}: not a file`);
  const size = Number(info.size);
  const stream = createReadStream(absolute, { highWaterMark: 1024 * 1024 });
  async function* body(): AsyncGenerator<Uint8Array> {
    let read = 0;
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      onBytes?.(read, size);
      yield chunk as Buffer;
    }
  }
  return { body: body(), size, mtimeMs: Number(info.mtimeMs), url: pathToFileURL(absolute).href };
}
