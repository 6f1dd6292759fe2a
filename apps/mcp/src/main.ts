#!/usr/bin/env node
import { type CliOptions, parseArgs, USAGE, UsageError } from "./cli/parse-args.js";
import { consoleToStderr } from "./log/console-to-stderr.js";
import { stderrLog } from "./log/stderr-log.js";
import { startServer } from "./serve/start-server.js";

// svc-mcp: the standalone tool server. Stdout belongs to the MCP protocol (stdio mode); every
// log line goes to stderr as JSON.
let options: CliOptions;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`svc-mcp: ${error.message}\nRun svc-mcp --help for usage.\n`);
  process.exit(2);
}

if (options.mode === "help") {
  process.stdout.write(USAGE);
} else {
  consoleToStderr();
  const log = stderrLog();
  try {
    await startServer(options, process.env, log);
  } catch (error) {
    log.error({ err: error }, "start.failed");
    process.exit(1);
  }
}
