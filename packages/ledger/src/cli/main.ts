#!/usr/bin/env node
import { existsSync } from "node:fs";
import { DEFAULT_LEDGER_DIR, LEDGER_ENV, ledgerConfigFromEnv } from "../config/ledger-config.js";
import { isLedgerError, LedgerError } from "../errors/ledger-error.js";
import type { PaymentLedger } from "../ledger/payment-ledger.js";
import { openLedger } from "../open/open-ledger.js";
import {
  readOptions,
  readPaidOptions,
  readShowOptions,
  readUnblockOptions,
} from "./commands/options.js";
import { paidCommand, paidUsage } from "./commands/paid.js";
import {
  failedCommand,
  failedUsage,
  pendingCommand,
  pendingUsage,
} from "./commands/payment-lists.js";
import { showCommand, showUsage } from "./commands/show.js";
import { totalsCommand, totalsUsage } from "./commands/totals.js";
import { unblockCommand, unblockUsage } from "./commands/unblock.js";
import { UsageError } from "./usage-error.js";

/** A command: its arguments read first (wrong usage is refused before the ledger opens), then run. */
type Command = (args: string[]) => (ledger: PaymentLedger) => Promise<string>;

const command =
  <O>(
    read: (args: string[]) => O,
    run: (ledger: PaymentLedger, options: O) => Promise<string>,
  ): Command =>
  (args) => {
    const options = read(args);
    return (ledger) => run(ledger, options);
  };

const COMMANDS = new Map<string, Command>([
  ["totals", command((args) => readOptions(args, { days: true, limit: false }), totalsCommand)],
  ["pending", command((args) => readOptions(args, { days: false, limit: true }), pendingCommand)],
  ["failed", command((args) => readOptions(args, { days: false, limit: true }), failedCommand)],
  ["show", command(readShowOptions, showCommand)],
  ["paid", command(readPaidOptions, paidCommand)],
  ["unblock", command(readUnblockOptions, unblockCommand)],
]);

const USAGE = `usage: svc-ledger <command>
  ${totalsUsage}
  ${pendingUsage}
  ${failedUsage}
  ${showUsage}
  ${paidUsage}
  ${unblockUsage}
Reads the ledger (paid and unblock write one payment) on the PostgreSQL server at ${LEDGER_ENV.databaseUrl} when
set, else the embedded one in ${LEDGER_ENV.dir} (default ${DEFAULT_LEDGER_DIR} under the working
directory; an embedded ledger is opened while the service using it is stopped). Amounts are USDC;
times are UTC.
Exit codes: 0 done, 1 the ledger could not be read (or the payment is not in it, or paid or unblock
is refused for a payment that is not failed), 2 wrong usage.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const read = COMMANDS.get(name);
  if (read === undefined) throw new UsageError(`unknown command "${name}"`);
  const run = read(rest);
  const config = ledgerConfigFromEnv(process.env, process.cwd());
  if (config.databaseUrl === undefined && !existsSync(config.dir)) {
    throw new LedgerError(
      "LEDGER_NOT_FOUND",
      LEDGER_ENV.dir,
      `no ledger at ${config.dir}; set ${LEDGER_ENV.dir} to the service's ledger directory or ${LEDGER_ENV.databaseUrl} to its PostgreSQL server`,
    );
  }
  const ledger = await openLedger(config);
  try {
    process.stdout.write(await run(ledger));
  } finally {
    await ledger.close();
  }
  return 0;
}

const isParseError = (err: unknown): boolean =>
  err instanceof Error &&
  "code" in err &&
  typeof err.code === "string" &&
  err.code.startsWith("ERR_PARSE_ARGS");

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage = err instanceof UsageError || isParseError(err);
    const message = err instanceof Error ? err.message : String(err);
    const code = isLedgerError(err) ? ` (${err.code})` : "";
    process.stderr.write(
      `svc-ledger: ${message}${code}${usage ? "\n(run svc-ledger --help)" : ""}\n`,
    );
    process.exitCode = usage ? 2 : 1;
  },
);
