import type { SdnIndex } from "@svc/ofac-index";

/** Finds the edition an attestation names, by its SHA-256; undefined when the service has none. */
export type EditionLookup = (datasetSha256: string) => Promise<SdnIndex | undefined>;

/** How many editions looked up for verification stay in memory (besides the loaded one). */
export const KEPT_EDITIONS = 2;

/**
 * The editions the free verification route re-screens on, with the work an unpaid caller can
 * cause bounded: the loaded edition is answered at once (`loaded`); any other is read from the
 * store one at a time (a second lookup waits for the first, so concurrent callers never decode
 * several stored editions at once), and the last `KEPT_EDITIONS` read are kept (an edition the service does not hold is not remembered: it may be stored
 * later). Only an
 * attestation whose signature verified reaches this, i.e. one the service itself signed.
 */
export function attestedEditions(
  loaded: () => SdnIndex | undefined,
  stored: EditionLookup | undefined,
): EditionLookup {
  const kept = new Map<string, SdnIndex>();
  let queue: Promise<unknown> = Promise.resolve();
  const remember = (sha: string, index: SdnIndex | undefined) => {
    if (index === undefined) return;
    kept.delete(sha);
    kept.set(sha, index);
    while (kept.size > KEPT_EDITIONS) kept.delete(kept.keys().next().value as string);
  };
  return async (datasetSha256) => {
    const sha = datasetSha256.toLowerCase();
    const current = loaded();
    if (current?.meta.datasetSha256 === sha) return current;
    if (stored === undefined) return undefined;
    const hit = kept.get(sha);
    if (hit !== undefined) {
      remember(sha, hit);
      return hit;
    }
    const turn = queue.then(async () => {
      // A caller ahead in the queue may have read this one already.
      const index = kept.get(sha) ?? (await stored(sha));
      remember(sha, index);
      return index;
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}
