import { diffEditions, type SdnIndex } from "@svc/ofac-index";
import type { ListLoader } from "@svc/ofac-index/node";
import type { StoredEditions } from "./stored-editions.js";

const isDate = (ref: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(ref);

/** The list loader's stored editions as the free list endpoints read them. */
export function loaderEditions(loader: ListLoader): StoredEditions {
  const find = (ref: string): Promise<SdnIndex | undefined> =>
    isDate(ref) ? loader.editionByDate(ref) : loader.editionBySha(ref.toLowerCase());
  return {
    async storedEditions() {
      return (await loader.storedEditions()).map((e) => ({
        datasetDate: e.datasetDate,
        datasetSha256: e.datasetSha256,
        addressCount: e.addressCount,
        storedAt: e.storedAt,
      }));
    },
    async changes(from, to) {
      const toRef = to ?? (loader.ready ? loader.freshness().datasetSha256 : undefined);
      if (toRef === undefined) return undefined;
      const [a, b] = await Promise.all([find(from), find(toRef)]);
      return a === undefined || b === undefined ? undefined : diffEditions(a, b);
    },
    edition: (datasetSha256) => loader.editionBySha(datasetSha256),
  };
}
