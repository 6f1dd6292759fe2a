import type { EditionStore } from "../io/edition-store.js";
import type { RefreshStatus } from "../screen/result-types.js";
import { latestAcceptableDate } from "./edition-checks.js";
import type { LoaderParts } from "./loader-parts.js";
import type { ServedEdition } from "./served-edition.js";

/** What start-up works with: the loader's parts, its source, and how to start a refresh. */
export interface StartUpParts
  extends Pick<LoaderParts, "served" | "store" | "sync" | "acceptance" | "now"> {
  /** The refresh source, if any. */
  readonly source: string | undefined;
  readonly sampleFallback: boolean;
  /** Starts the background load of the source. */
  readonly refresh: () => void;
}

/**
 * Start-up, without waiting on the network: removes leftover snapshot temp files, hears the
 * other replicas (with a coordinator), serves the newest stored edition if there is one, and
 * loads the source in the background (the status then says `pending`). Without a source, serves
 * the embedded sample if enabled. Never throws.
 */
export async function startUp(parts: StartUpParts): Promise<RefreshStatus> {
  const { served, store, source } = parts;
  if (store !== undefined) {
    const removed = (await store.removeTempFiles?.().catch(() => [])) ?? [];
    if (removed.length > 0) served.emit({ type: "temp-removed", paths: removed });
    parts.sync?.listen();
    if (served.index === undefined) await serveNewestStored(served, store, parts.now());
  }
  if (source === undefined) {
    if (served.index === undefined && parts.sampleFallback) await parts.acceptance.serveSample();
    return (
      served.lastRefresh ??
      served.record(true, served.index === undefined ? "no-source" : "updated")
    );
  }
  parts.refresh();
  return Object.freeze({
    attemptedAt: parts.now().toISOString(),
    ok: served.index !== undefined,
    outcome: "pending",
    message: `loading ${source} in the background`,
  });
}

/** The store's newest edition (never one dated in the future), as confirmed when it was fetched. */
async function serveNewestStored(
  served: ServedEdition,
  store: EditionStore,
  now: Date,
): Promise<void> {
  const from = `snapshot:${store.location}`;
  try {
    const newest = await store.latest(latestAcceptableDate(now));
    if (newest !== undefined && served.index === undefined) {
      served.swap(newest, from, newest.provenance.refreshedAt);
    }
  } catch (err) {
    served.fail(from, err);
  }
}
