#!/usr/bin/env node
import { type Command, parseArgs, USAGE, UsageError } from "./cli/parse-args.js";
import { consoleToStderr } from "./log/console-to-stderr.js";
import { stderrLog } from "./log/stderr-log.js";

// svc-mcp: the standalone tool server, or (--remote) a paying proxy to a hosted one. Stdout
// belongs to the MCP protocol (stdio); every log line goes to stderr as JSON. Each mode loads only
// its own modules: the proxy never loads the list, the tools or the renderers.
let options: Command;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`svc-mcp: ${error.message}\nRun svc-mcp --help for usage.\n`);
  process.exit(2);
}

if (options.mode === "help") {
  process.stdout.write(USAGE);
} else if (options.mode === "remote") {
  consoleToStderr();
  const { runRemote } = await import("./remote/run-remote.js");
  await runRemote(options, process.env, stderrLog());
} else {
  consoleToStderr();
  const log = stderrLog();
  try {
    const { startServer } = await import("./serve/start-server.js");
    await startServer(options, process.env, log);
  } catch (error) {
    log.error({ err: error }, "start.failed");
    process.exit(1);
  }
}
