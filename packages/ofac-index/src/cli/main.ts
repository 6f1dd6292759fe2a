#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { isParseArgsError, UsageError } from "./cli-error.js";
import { type Command, commandHelp, table, usageLine, WIDTH, wrap } from "./command.js";
import { buildCommand } from "./commands/build.js";
import { diffCommand } from "./commands/diff.js";
import { infoCommand } from "./commands/info.js";
import { pairsCommand } from "./commands/pairs.js";
import { screenCommand } from "./commands/screen.js";
import { verifyCommand } from "./commands/verify.js";
import { EXIT, EXIT_CODES_HELP } from "./exit-codes.js";
import { errorLines } from "./report-error.js";

const COMMANDS: ReadonlyMap<string, Command> = new Map(
  [screenCommand, pairsCommand, diffCommand, infoCommand, buildCommand, verifyCommand].map((c) => [
    c.name,
    c,
  ]),
);

/** `ofac-index --help`: the commands, what FILE is, the exit codes. */
function globalHelp(): string {
  const commands = [...COMMANDS.values()];
  return `${[
    "usage: ofac-index <command> [arguments] [options]\n       ofac-index <command> --help\n       ofac-index --version",
    wrap(
      "Screens crypto wallet addresses against OFAC's SDN list (the digital currency addresses of the SDN Advanced XML), and reads, compares and stores its editions.",
      WIDTH,
      0,
    ),
    `commands:\n${table(
      commands.map((c) => [c.name, c.summary]),
      6,
    )}`,
    commands.map((c) => usageLine(c.name, c.synopsis, "  ")).join("\n"),
    wrap(
      "FILE is an edition: an OFAC SDN Advanced XML (.xml or .xml.gz), a snapshot written by ofac-index build, or - to read either from standard input (once per command). screen needs --list FILE, or --sample for the embedded sample edition, an excerpt for demos and tests that is NOT the OFAC list. Output is JSON on stdout (verify: a verdict line first). An error is a line on stderr, ofac-index: CODE: message (a refused batch adds one line per refused address).",
      WIDTH,
      0,
    ),
    `exit codes:\n${table(
      EXIT_CODES_HELP.map(([code, text]) => [String(code), text]),
      1,
    )}`,
    'Run "ofac-index <command> --help" for its arguments, options and exit codes.',
  ].join("\n\n")}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    process.stderr.write(globalHelp());
    return EXIT.USAGE;
  }
  if (command === "--help" || command === "-h") {
    process.stdout.write(globalHelp());
    return EXIT.OK;
  }
  if (command === "help") {
    const [topic, ...extra] = rest;
    if (extra.length > 0) throw new UsageError("help takes at most one COMMAND");
    const about = topic === undefined ? undefined : COMMANDS.get(topic);
    if (topic !== undefined && about === undefined) {
      throw new UsageError(`unknown command "${topic}"`);
    }
    process.stdout.write(about === undefined ? globalHelp() : commandHelp(about));
    return EXIT.OK;
  }
  if (command === "--version" || command === "-v") {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    process.stdout.write(`${pkg.version}\n`);
    return EXIT.OK;
  }
  const run = COMMANDS.get(command);
  if (run === undefined) throw new UsageError(`unknown command "${command}"`);
  return run.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage = err instanceof UsageError || isParseArgsError(err);
    if (usage) {
      const command = err instanceof UsageError ? err.command : undefined;
      const help = command === undefined ? "ofac-index --help" : `ofac-index ${command} --help`;
      process.stderr.write(`ofac-index: ${err.message}\n(run ${help} for usage)\n`);
      process.exitCode = EXIT.USAGE;
      return;
    }
    process.stderr.write(errorLines(err).join("\n").concat("\n"));
    if (process.env.OFAC_INDEX_DEBUG) console.error(err);
    process.exitCode = EXIT.FAILURE;
  },
);
