import type { EditionStore } from "../io/edition-store.js";
import type { RefreshStatus } from "../screen/result-types.js";
import { EditionAcceptance } from "./accept-edition.js";
import { EditionSource } from "./edition-source.js";
import { type FreshnessRules, freshnessRulesOf } from "./list-freshness.js";
import { editionStoreOf, type ListLoaderOptions, refreshSourceOf } from "./loader-options.js";
import { RefreshSchedule } from "./refresh-schedule.js";
import { ReplicaSync } from "./replica-sync.js";
import { ServedEdition } from "./served-edition.js";
import { StoredEditions } from "./stored-editions.js";

/** The parts a `ListLoader` composes, wired to one another as its options say. */
export interface LoaderParts {
  readonly served: ServedEdition;
  readonly store: EditionStore | undefined;
  readonly acceptance: EditionAcceptance;
  /** With a coordinator only. */
  readonly sync: ReplicaSync | undefined;
  readonly schedule: RefreshSchedule;
  readonly stored: StoredEditions;
  readonly rules: FreshnessRules;
  readonly now: () => Date;
}

/** Builds the parts; a coordinator without an edition store the replicas share is a RangeError. */
export function loaderParts(options: ListLoaderOptions): LoaderParts {
  const store = editionStoreOf(options);
  if (options.coordinator !== undefined && store === undefined) {
    throw new RangeError("a refresh coordinator needs an edition store the replicas share");
  }
  const now = options.now ?? (() => new Date());
  const served = new ServedEdition(now, options.onEvent);
  const source = new EditionSource({ ...options, now });
  const acceptance = new EditionAcceptance(served, source, store, { ...options, now });
  const sync =
    options.coordinator === undefined || store === undefined
      ? undefined
      : new ReplicaSync(options.coordinator, store, served, source, acceptance, now);
  // One refresh attempt: alone, or coordinated with the other replicas.
  const attempt = async (): Promise<RefreshStatus> => {
    const location = refreshSourceOf(options);
    if (location === undefined) {
      return served.record(true, "no-source", "no refresh source is configured");
    }
    return sync?.refresh(location) ?? acceptance.fetchAndServe(location);
  };
  return {
    served,
    store,
    acceptance,
    sync,
    schedule: new RefreshSchedule(attempt, (event) => served.emit(event), options.retryBaseMs),
    stored: new StoredEditions(store, () => served.index, now),
    rules: freshnessRulesOf(options),
    now,
  };
}
