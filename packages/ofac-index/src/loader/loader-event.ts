/** What the loader tells the app's logger: editions served, refreshes, failures, replicas. */
export type LoaderEvent =
  | {
      readonly type: "loaded";
      readonly from: string;
      readonly datasetDate: string;
      readonly datasetSha256: string;
      readonly sample: boolean;
    }
  | { readonly type: "unchanged"; readonly from: string }
  | {
      readonly type: "refresh-failed";
      readonly from: string;
      readonly code: string;
      readonly message: string;
    }
  /** Where the accepted edition was stored (a file, a table row). */
  | { readonly type: "stored"; readonly path: string }
  /** An edition another replica stored and announced (or the store's newest), now served. */
  | {
      readonly type: "adopted";
      readonly from: string;
      readonly datasetDate: string;
      readonly datasetSha256: string;
    }
  /** A refresh not attempted: another replica is refreshing the list. */
  | { readonly type: "skipped"; readonly from: string }
  /** Telling the other replicas, or hearing from them, failed; the list keeps serving. */
  | {
      readonly type: "coordination-failed";
      /** Telling the others, adopting what they stored, or listening for their announcements. */
      readonly step: "announce" | "adopt" | "listen";
      readonly message: string;
    }
  /** The next attempt after `failures` consecutive failures, `inMs` from now. */
  | { readonly type: "retry-scheduled"; readonly inMs: number; readonly failures: number }
  /** Temp files of snapshot writes that never finished, removed at start-up. */
  | { readonly type: "temp-removed"; readonly paths: readonly string[] };

/** The message of anything thrown, for an event. */
export const messageOf = (err: unknown): string =>
  err instanceof Error ? err.message : String(err);
