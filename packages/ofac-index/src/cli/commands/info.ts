import type { SdnIndex } from "../../index/sdn-index.js";
import { UsageError } from "../cli-error.js";
import { loadList } from "../load-list.js";

export const infoUsage = "info <FILE|->";

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

export async function infoCommand(args: string[]): Promise<number> {
  if (args.length !== 1) throw new UsageError("info needs exactly one FILE");
  const index = await loadList(args[0]);
  process.stdout.write(`${JSON.stringify(editionInfo(index), null, 2)}\n`);
  return 0;
}
