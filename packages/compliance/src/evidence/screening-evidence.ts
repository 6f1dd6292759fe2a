import type { ComplianceDeps } from "../catalog/deps.js";

/**
 * What a paid run screened, for the record of its payment: the list edition its answer used and
 * the addresses as the caller typed them (a payment ledger keeps those only when told to).
 */
export interface ScreeningEvidence {
  readonly datasetSha256: string;
  readonly addresses: readonly string[];
}

/** Deps whose list notes what it screens, and the evidence noted so far. */
export interface ScreeningRecorder<Deps extends ComplianceDeps> {
  readonly deps: Deps;
  /** What the run screened, or undefined when it screened nothing (a document, a forecast). */
  evidence(): ScreeningEvidence | undefined;
}

/**
 * Wraps `deps.list` so every screening a run makes is noted: the evidence comes from the list
 * the answer was computed on, whatever the operation, and no operation has to report it.
 */
export function recordScreenings<Deps extends ComplianceDeps>(deps: Deps): ScreeningRecorder<Deps> {
  let datasetSha256: string | undefined;
  const addresses: string[] = [];
  const list = deps.list;
  const recorded: ComplianceDeps["list"] = {
    screen(address, options) {
      const result = list.screen(address, options);
      datasetSha256 = result.sourceFreshness.datasetSha256;
      addresses.push(address);
      return result;
    },
    screenMany(many, options) {
      const result = list.screenMany(many, options);
      datasetSha256 = result.sourceFreshness.datasetSha256;
      addresses.push(...many);
      return result;
    },
    freshness: () => list.freshness(),
    // A party lookup (wallets linked to a party) screens nothing: passed through.
    ...(list.party !== undefined && { party: list.party.bind(list) }),
  };
  return {
    deps: { ...deps, list: recorded },
    evidence: () => (datasetSha256 === undefined ? undefined : { datasetSha256, addresses }),
  };
}

/**
 * What a paid answer was computed on, as a payment's record keeps it (the payment layer's
 * `ServedRecord`): the list edition and the screened addresses as the caller typed them.
 */
export interface ServedScreening {
  readonly datasetSha256: string;
  readonly query: readonly string[];
}

/**
 * The record of what a paid run screened, for the payment that paid for it; undefined when it
 * screened nothing (a forecast, a document of no list).
 */
export const servedRecordOf = (
  evidence: ScreeningEvidence | undefined,
): ServedScreening | undefined =>
  evidence === undefined
    ? undefined
    : { datasetSha256: evidence.datasetSha256, query: evidence.addresses };
