#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { isOfacIndexError } from "../errors/ofac-index-error.js";
import { UsageError } from "./cli-error.js";
import { buildCommand, buildUsage } from "./commands/build.js";
import { diffCommand, diffUsage } from "./commands/diff.js";
import { infoCommand, infoUsage } from "./commands/info.js";
import { pairsCommand, pairsUsage } from "./commands/pairs.js";
import { screenCommand, screenUsage } from "./commands/screen.js";
import { verifyCommand, verifyUsage } from "./commands/verify.js";

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  screen: screenCommand,
  pairs: pairsCommand,
  diff: diffCommand,
  info: infoCommand,
  build: buildCommand,
  verify: verifyCommand,
};

const USAGE = `usage: ofac-index <command>
  ${screenUsage}
  ${pairsUsage}
  ${diffUsage}
  ${infoUsage}
  ${buildUsage}
  ${verifyUsage}
FILE is an SDN Advanced XML (.xml or .xml.gz) or a snapshot, or - to read it from standard
input; without --list, screen uses the embedded sample edition, which is NOT the OFAC list.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === "--version" || command === "-v") {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const run = COMMANDS[command];
  if (run === undefined) throw new UsageError(`unknown command "${command}"`);
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage =
      err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`ofac-index: ${message}${usage ? "\n(run ofac-index --help)" : ""}\n`);
    if (!usage && !isOfacIndexError(err) && process.env.OFAC_INDEX_DEBUG) console.error(err);
    process.exitCode = usage ? 2 : 1;
  },
);
