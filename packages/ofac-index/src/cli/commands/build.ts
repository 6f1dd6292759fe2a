import { parseArgs } from "node:util";
import { SnapshotStore } from "../../io/snapshot-store.js";
import { UsageError } from "../cli-error.js";
import { loadList } from "../load-list.js";
import { byteProgress } from "../progress.js";
import { editionInfo } from "./info.js";

export const buildUsage = "build <XML|-> [--out DIR]   (DIR defaults to ./snapshots)";

/** Parses an XML edition and stores it as a snapshot (skipped if that edition is stored). */
export async function buildCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string", default: "snapshots" } },
  });
  if (positionals.length !== 1) throw new UsageError("build needs exactly one XML file");
  const progress = byteProgress("reading");
  let index: Awaited<ReturnType<typeof loadList>>;
  try {
    index = await loadList(positionals[0] as string, { onBytes: progress.update });
  } finally {
    progress.stop();
  }
  const { path, created } = await new SnapshotStore(values.out).put(index, new Date());
  const { byAsset: _byAsset, ...info } = editionInfo(index);
  process.stdout.write(`${JSON.stringify({ snapshot: path, created, ...info }, null, 2)}\n`);
  return 0;
}
