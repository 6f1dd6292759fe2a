import { diffEditions } from "../../diff/diff-editions.js";
import { UsageError } from "../cli-error.js";
import { assertOneStdin, loadList } from "../load-list.js";

export const diffUsage = "diff <OLD> <NEW>   (one of them may be -)";

/** Added, removed and republished (ticker, address) pairs between two editions, as JSON. */
export async function diffCommand(args: string[]): Promise<number> {
  if (args.length !== 2) throw new UsageError("diff needs OLD and NEW");
  assertOneStdin(args);
  const [from, to] = await Promise.all([loadList(args[0]), loadList(args[1])]);
  process.stdout.write(`${JSON.stringify(diffEditions(from, to), null, 2)}\n`);
  return 0;
}
