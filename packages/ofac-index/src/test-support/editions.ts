import { createReadStream, readFileSync } from "node:fs";
import { SdnIndex } from "../index/sdn-index.js";
import type { Edition } from "../model/types.js";
import { type ParseOptions, parseEdition } from "../parse/parse-edition.js";
import { SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import { SNAPSHOT_INDEX_CSV } from "./shared-data.js";

const cache = new Map<string, Promise<Edition>>();

/** Parses a real edition once per test file (fast mode unless asked otherwise). */
export function edition(path: string, options: ParseOptions = {}): Promise<Edition> {
  const key = `${options.mode ?? "fast"}:${path}`;
  let parsed = cache.get(key);
  if (parsed === undefined) {
    parsed = parseEdition(createReadStream(path, { highWaterMark: 1 << 20 }), options);
    cache.set(key, parsed);
  }
  return parsed;
}

export async function indexOf(path: string): Promise<SdnIndex> {
  return SdnIndex.fromEdition(await edition(path), {
    sourceUrl: `file://${path}`,
    refreshedAt: "2026-01-01T00:00:00.000Z",
    sample: false,
  });
}

export const sampleIndex = () => indexOf(SAMPLE_XML_PATH);

export interface SnapshotIndexRow {
  date_of_issue: string;
  xml_sha256: string;
  dca_features: number;
  unique_asset_address_pairs: number;
  unique_addresses: number;
  profiles_with_dca: number;
  per_asset_features: Record<string, number>;
}

/** `snapshots/snapshot_index.csv`: independent counts for the 21 verified editions. */
export function snapshotIndexRows(): SnapshotIndexRow[] {
  const [header, ...lines] = readFileSync(SNAPSHOT_INDEX_CSV, "utf8").trim().split("\n");
  const cols = (header as string).split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    const get = (name: string) => cells[cols.indexOf(name)] as string;
    return {
      date_of_issue: get("date_of_issue"),
      xml_sha256: get("xml_sha256"),
      dca_features: Number(get("dca_features")),
      unique_asset_address_pairs: Number(get("unique_asset_address_pairs")),
      unique_addresses: Number(get("unique_addresses")),
      profiles_with_dca: Number(get("profiles_with_dca")),
      per_asset_features: Object.fromEntries(
        get("per_asset_features")
          .split(";")
          .map((kv) => kv.split("="))
          .map(([k, v]) => [k, Number(v)]),
      ),
    };
  });
}
