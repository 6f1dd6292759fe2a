import type { Network, SupportedResponse } from "@x402/core/types";
import { schemeOn } from "../schemes/known-schemes.js";
import type { X402Version } from "../versions/x402-v1.js";

/** What a facilitator must support: the network paid on, in each x402 version served. */
export interface NeededKinds {
  /** The network as CAIP-2 (`eip155:8453`); x402 v1 names it by its scheme's `v1Network`. */
  readonly network: string;
  readonly versions: readonly X402Version[];
}

/**
 * What a facilitator's `/supported` lacks for this configuration: one sentence for each x402
 * version served whose kind (version, the network's scheme, the network as that version names
 * it) is not among the facilitator's kinds, each naming what is missing and what it lists.
 * Empty when it supports everything the service takes payments in.
 */
export function missingKinds(
  supported: Pick<SupportedResponse, "kinds">,
  needed: NeededKinds,
): string[] {
  const scheme = schemeOn(needed.network);
  if (scheme === undefined) return [`no payment scheme is known on ${needed.network}`];
  const lists = supported.kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`);
  const listed = lists.length === 0 ? "no kinds" : lists.join(", ");
  const problems: string[] = [];
  for (const version of needed.versions) {
    const network =
      version === 1 ? scheme.networks[needed.network as Network]?.v1Network : needed.network;
    if (network === undefined) {
      problems.push(`x402 v1 has no name for ${needed.network}`);
      continue;
    }
    const found = supported.kinds.some(
      (k) => k.x402Version === version && k.scheme === scheme.scheme && k.network === network,
    );
    if (!found) {
      problems.push(
        `the facilitator does not support x402 v${version} "${scheme.scheme}" on ${network} (it lists ${listed})`,
      );
    }
  }
  return problems;
}
