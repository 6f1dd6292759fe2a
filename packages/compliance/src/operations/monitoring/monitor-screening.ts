import { MAX_ATTESTED_ADDRESSES } from "@svc/attestations";
import { addressListing } from "@svc/monitoring";
import type { AddressScreening } from "@svc/ofac-index";
import type { ComplianceDeps } from "../../catalog/deps.js";
import type { RunContext } from "../../execution/executable.js";
import { screenOptions } from "../screening/input-fields.js";
import { attestScreening } from "../screening/screening-attestation.js";
import type { MonitorScreening } from "./monitor-deps.js";

/**
 * Screens a monitor's addresses on the list now served, as a batch screening does (refusing a
 * string that is no address at its position), and signs it: one attestation per 1,000
 * addresses, the most one attestation names. Every address is screened before anything is
 * signed, so a refusal costs no signature.
 */
export async function screenMonitor(
  addresses: readonly string[],
  asset: string | undefined,
  deps: ComplianceDeps,
  context: RunContext | undefined,
): Promise<MonitorScreening> {
  const batches = [];
  for (let i = 0; i < addresses.length; i += MAX_ATTESTED_ADDRESSES) {
    batches.push(
      deps.list.screenMany(addresses.slice(i, i + MAX_ATTESTED_ADDRESSES), {
        ...screenOptions(asset),
        pathOf: (index) => `addresses[${i + index}]`,
      }),
    );
  }
  const attestations: string[] = [];
  for (const batch of batches) {
    const signed = await attestScreening(context, batch);
    if (signed !== undefined) attestations.push(signed.jws);
  }
  const results: AddressScreening[] = batches.flatMap((b) => b.results);
  return {
    results,
    attestations,
    sourceFreshness: batches[0]?.sourceFreshness ?? deps.list.freshness(),
  };
}

/** What an answer says of a monitor's screening: counts, the listed addresses, the signatures. */
export function screeningSummary(screening: MonitorScreening) {
  const listed = screening.results.filter((r) => r.summary.status === "match");
  return {
    edition: {
      datasetDate: screening.sourceFreshness.datasetDate,
      datasetSha256: screening.sourceFreshness.datasetSha256,
    },
    addressCount: screening.results.length,
    matchCount: listed.length,
    matches: listed.map((r) => {
      // What a monitor is told of an address: its parties (with programs) and tickers, once each.
      const { parties, assets } = addressListing(r.matches);
      return {
        address: r.query.address,
        normalizedAddress: r.query.normalizedAddress,
        parties,
        assets,
      };
    }),
    attestations: screening.attestations,
  };
}
