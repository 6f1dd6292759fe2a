import { stat } from "node:fs/promises";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import { SdnIndex } from "../index/sdn-index.js";
import { fetchEdition, type HttpValidators } from "../io/http-source.js";
import { loadIndex } from "../io/load-index.js";
import { isHttpUrl } from "../io/open-source.js";
import { parseEdition } from "../parse/parse-edition.js";

/** How a source is read: the download's limits and the clock recorded as `refreshedAt`. */
export interface SourceOptions {
  readonly timeoutMs?: number | undefined;
  readonly maxDownloadBytes?: number | undefined;
  readonly maxXmlBytes?: number | undefined;
  readonly userAgent?: string | undefined;
  readonly now: () => Date;
}

/** A fetched edition, and how to remember its source state (ETag, file stamp) once accepted. */
export interface FetchedEdition {
  readonly index: SdnIndex;
  readonly remember: () => void;
}

interface FileStamp {
  readonly mtimeMs: number;
  readonly size: number;
}

/**
 * Reads the refresh source, an http(s) URL or a file, conditionally: a URL by HEAD `Digest`
 * against the held edition's SHA-256, then `If-None-Match` / `If-Modified-Since`; a file by its
 * size and mtime. It remembers the source state of the last accepted edition only, so that
 * "unchanged" is never said of an edition the source did not give.
 */
export class EditionSource {
  private validators: HttpValidators | undefined;
  private fileStamp: FileStamp | undefined;

  constructor(private readonly options: SourceOptions) {}

  /** The edition at `location`, or "unchanged" when the source still holds the `held` one. */
  read(
    location: string,
    held: SdnIndex | undefined,
    signal: AbortSignal,
  ): Promise<FetchedEdition | "unchanged"> {
    return isHttpUrl(location)
      ? this.fetchUrl(location, held, signal)
      : this.readFile(location, held);
  }

  /** The held edition was replaced by one this source did not give: read it in full next time. */
  forget(): void {
    this.validators = undefined;
    this.fileStamp = undefined;
  }

  private async fetchUrl(
    url: string,
    served: SdnIndex | undefined,
    signal: AbortSignal,
  ): Promise<FetchedEdition | "unchanged"> {
    const o = this.options;
    const held = served !== undefined && !served.provenance.sample ? served : undefined;
    const res = await fetchEdition(url, {
      ...(o.userAgent === undefined ? {} : { userAgent: o.userAgent }),
      ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }),
      ...(o.maxDownloadBytes === undefined ? {} : { maxDownloadBytes: o.maxDownloadBytes }),
      signal,
      ...(held === undefined ? {} : { knownSha256: held.meta.datasetSha256 }),
      ...(held === undefined || this.validators === undefined
        ? {}
        : { validators: this.validators }),
    });
    if (res.status === "not-modified") {
      if (held !== undefined) return "unchanged";
      throw new OfacIndexError(
        "HTTP_STATUS",
        `${url} answered "not modified" to an unconditional request`,
      );
    }
    const edition = await parseEdition(res.body, this.parseOptions());
    const index = SdnIndex.fromEdition(edition, {
      sourceUrl: url,
      refreshedAt: o.now().toISOString(),
      sample: false,
    });
    return {
      index,
      remember: () => {
        this.validators = res.validators;
      },
    };
  }

  private async readFile(
    path: string,
    served: SdnIndex | undefined,
  ): Promise<FetchedEdition | "unchanged"> {
    const info = await stat(path).catch((cause) => {
      throw new OfacIndexError("SOURCE_NOT_FOUND", `cannot read ${path}: no such file`, { cause });
    });
    const stamp = { mtimeMs: Number(info.mtimeMs), size: Number(info.size) };
    const known = this.fileStamp;
    if (
      served !== undefined &&
      known !== undefined &&
      known.mtimeMs === stamp.mtimeMs &&
      known.size === stamp.size
    ) {
      return "unchanged";
    }
    const index = await loadIndex(path, { ...this.parseOptions(), now: this.options.now() });
    return {
      index,
      remember: () => {
        this.fileStamp = stamp;
      },
    };
  }

  private parseOptions(): { maxXmlBytes?: number } {
    const { maxXmlBytes } = this.options;
    return maxXmlBytes === undefined ? {} : { maxXmlBytes };
  }
}
