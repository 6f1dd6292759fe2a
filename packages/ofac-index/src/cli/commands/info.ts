import type { SdnIndex } from "../../index/sdn-index.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { EDITION_ARGUMENT, loadOneEdition, ONE_EDITION_EXIT_CODES } from "../load-edition.js";

/** Edition identity and counts by ticker. */
export function editionInfo(index: SdnIndex) {
  const byAsset: Record<string, { features: number; pairs: number }> = {};
  const pairs = new Set<string>();
  for (const d of index.designations) {
    const entry = byAsset[d.asset] ?? { features: 0, pairs: 0 };
    byAsset[d.asset] = entry;
    entry.features++;
    const key = `${d.asset}\t${d.normalizedAddress}`;
    if (!pairs.has(key)) {
      pairs.add(key);
      entry.pairs++;
    }
  }
  return {
    datasetDate: index.meta.datasetDate,
    datasetSha256: index.meta.datasetSha256,
    namespace: index.meta.namespace,
    xmlBytes: index.meta.xmlBytes,
    sample: index.provenance.sample,
    sourceUrl: index.provenance.sourceUrl,
    designations: index.designations.length,
    assetAddressPairs: index.pairCount,
    addresses: index.addressCount,
    parties: new Set(index.designations.map((d) => d.party.profileId)).size,
    declaredAssets: index.meta.declaredAssets,
    byAsset: Object.fromEntries(Object.entries(byAsset).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/** Prints the edition's identity and counts by ticker, as JSON. */
export const infoCommand = defineCommand(
  {
    name: "info",
    summary: "print an edition's date, SHA-256 and counts by ticker, as JSON",
    synopsis: "FILE",
    description:
      "Prints, as JSON, the edition's identity (date of issue, SHA-256 of the XML, namespace, whether it is the embedded sample, where it was read from) and its counts: designations, (ticker, address) pairs, addresses and parties, in all and by ticker.",
    arguments: [EDITION_ARGUMENT],
    options: {},
    exitCodes: ONE_EDITION_EXIT_CODES,
  },
  async (_values, files) => {
    const index = await loadOneEdition(files, "info");
    process.stdout.write(`${JSON.stringify(editionInfo(index), null, 2)}\n`);
    return EXIT.OK;
  },
);
