import { parseArgs } from "node:util";
import { UsageError } from "../cli-error.js";
import { loadList } from "../load-list.js";

export const screenUsage = "screen <address…> [--asset TICKER] [--list FILE|-] [--fail-on-match]";

/** Prints the screening result (the API's JSON); several addresses give the batch form. */
export async function screenCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      asset: { type: "string" },
      list: { type: "string" },
      "fail-on-match": { type: "boolean", default: false },
    },
  });
  if (positionals.length === 0) throw new UsageError("screen needs at least one address");
  const index = await loadList(values.list);
  const options = { asset: values.asset };
  const result =
    positionals.length === 1
      ? index.screen(positionals[0] as string, options)
      : index.screenMany(positionals, options);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const matched =
    "results" in result ? result.summary.matchCount > 0 : result.summary.status === "match";
  return values["fail-on-match"] && matched ? 3 : 0;
}
