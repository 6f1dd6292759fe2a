import { type AttestationClaims, type AttestedResult, attestedResult } from "@svc/attestations";
import { isOfacIndexError } from "../errors/ofac-index-error.js";
import type { SdnIndex } from "../index/sdn-index.js";

/** One attested address screened again on the edition at hand. */
export interface AddressRecheck {
  /** The address as the attestation says it was typed. */
  readonly address: string;
  readonly attested: AttestedResult;
  /** What this edition answers now, or null when it cannot screen the address. */
  readonly rescreened: AttestedResult | null;
  /** How the two differ (empty when they agree). */
  readonly differences: readonly string[];
}

/** Whether an edition is the attested one and gives the attested answers. */
export interface EditionCheck {
  /** True when the SHA-256 is the attested one and every address gets its attested answer. */
  readonly holds: boolean;
  readonly attestedSha256: string;
  readonly datasetSha256: string;
  readonly datasetDate: string;
  readonly sameEdition: boolean;
  readonly addresses: readonly AddressRecheck[];
  /** Why the check does not hold, one line a reason (empty when it holds). */
  readonly reasons: readonly string[];
}

const shown = (items: readonly string[]) => (items.length === 0 ? "none" : items.join(", "));

function differences(attested: AttestedResult, now: AttestedResult): string[] {
  const out: string[] = [];
  if (attested.normalizedAddress !== now.normalizedAddress) {
    out.push(`normalized as ${now.normalizedAddress}, attested ${attested.normalizedAddress}`);
  }
  if (attested.status !== now.status) out.push(`${now.status}, attested ${attested.status}`);
  if (attested.entryIds.join() !== now.entryIds.join()) {
    out.push(`SDN entries ${shown(now.entryIds)}, attested ${shown(attested.entryIds)}`);
  }
  if (attested.tickers.join() !== now.tickers.join()) {
    out.push(`tickers ${shown(now.tickers)}, attested ${shown(attested.tickers)}`);
  }
  return out;
}

/**
 * Screens every attested address again on `index` (with the attested asset filter) and says
 * whether the edition is the attested one (its SHA-256) and whether each answer is the attested
 * one, and if not how it differs. Pure: the caller loads the edition.
 */
export function checkAgainstEdition(claims: AttestationClaims, index: SdnIndex): EditionCheck {
  const { datasetSha256, datasetDate } = index.meta;
  const sameEdition = datasetSha256 === claims.list.datasetSha256;
  const reasons: string[] = [];
  if (!sameEdition) {
    reasons.push(
      `the edition's SHA-256 is ${datasetSha256} (${datasetDate}), not the attested ${claims.list.datasetSha256} (${claims.list.datasetDate})`,
    );
  }
  const addresses = claims.request.addresses.map((requested, i): AddressRecheck => {
    const attested = claims.result[i];
    // The claims' schema holds one result per requested address.
    if (attested === undefined) throw new Error(`the claims hold no result for address ${i + 1}`);
    let rescreened: AttestedResult;
    try {
      rescreened = attestedResult(index.screen(requested.address, { asset: claims.request.asset }));
    } catch (error) {
      if (!isOfacIndexError(error)) throw error;
      const why = `cannot be screened on this edition: ${error.message}`;
      reasons.push(`${requested.address} ${why}`);
      return { address: requested.address, attested, rescreened: null, differences: [why] };
    }
    const found = differences(attested, rescreened);
    if (found.length > 0) reasons.push(`${requested.address}: ${found.join("; ")}`);
    return { address: requested.address, attested, rescreened, differences: found };
  });
  return {
    holds: reasons.length === 0,
    attestedSha256: claims.list.datasetSha256,
    datasetSha256,
    datasetDate,
    sameEdition,
    addresses,
    reasons,
  };
}
