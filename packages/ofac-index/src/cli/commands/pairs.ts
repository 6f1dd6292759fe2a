import { UsageError } from "../cli-error.js";
import { loadList } from "../load-list.js";

export const pairsUsage = "pairs <FILE|->";

/** Sorted unique `TICKER<TAB>address` lines: the form of the public peer lists. */
export async function pairsCommand(args: string[]): Promise<number> {
  if (args.length !== 1) throw new UsageError("pairs needs exactly one FILE");
  const index = await loadList(args[0]);
  process.stdout.write(
    index
      .pairs()
      .map(([t, a]) => `${t}\t${a}\n`)
      .join(""),
  );
  return 0;
}
