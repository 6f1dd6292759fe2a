import { parseArgs as parseNodeArgs } from "node:util";
import { integerSetting } from "@svc/ofac-index/node";

/** How the process was asked to run. */
export type CliOptions =
  | { readonly mode: "help" }
  | { readonly mode: "stdio" }
  | { readonly mode: "http"; readonly port: number; readonly host: string };

/** A command line the tool cannot run: said on stderr with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const DEFAULT_HOST = "127.0.0.1";

export const USAGE = `Usage: svc-mcp [--http PORT [--host HOST]] [--help]

The OFAC wallet-screening MCP tool server, standalone: 12 tools and 6 prompts, every tool free,
nothing leaves the machine (unless OFAC_SOURCE or OFAC_OFFICIAL points the list elsewhere).

  (no flags)        serve MCP over stdio (what Claude Desktop, Cursor and other clients spawn);
                    stdout carries only the protocol, logs go to stderr as JSON lines
  --http PORT       serve streamable HTTP at http://HOST:PORT/mcp (stateless, JSON responses)
                    and GET /health; PORT 0 picks a free port (the log line says which)
  --host HOST       the address to bind with --http (default ${DEFAULT_HOST})
  -h, --help        print this help

The list: the embedded SAMPLE edition unless configured, with the API's variables:
  OFAC_SOURCE           path or URL of an SDN Advanced XML
  OFAC_OFFICIAL=1       fetch and refresh from OFAC's official URL
  OFAC_SNAPSHOT_DIR     directory of stored editions
  OFAC_SAMPLE_FALLBACK=0  never serve the embedded sample
  OFAC_REFRESH_MINUTES  refresh period (default 1440)
`;

const OPTIONS = {
  http: { type: "string" },
  host: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Reads the command line (without `node` and the script). Throws `UsageError`. */
export function parseArgs(argv: readonly string[]): CliOptions {
  let values: { http?: string | undefined; host?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseNodeArgs({
      args: [...argv],
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  if (values.help === true) return { mode: "help" };
  if (values.http === undefined) {
    if (values.host !== undefined) throw new UsageError("--host only applies with --http PORT");
    return { mode: "stdio" };
  }
  let port: number;
  try {
    port = integerSetting(values.http, "--http PORT", Number.NaN, 0, 65535);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (Number.isNaN(port)) throw new UsageError("--http needs a PORT (0 to 65535)");
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === "") throw new UsageError("--host needs an address");
  return { mode: "http", port, host };
}

/** node:util's messages, shortened to what the user typed. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(message)?.[1];
    return `unknown option ${option ?? message}`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const arg = /'([^']+)'/.exec(message)?.[1];
    return `unexpected argument ${arg ?? message}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const option = /--[a-z]+/.exec(message)?.[0];
    if (option === undefined) return message;
    return /does not take an argument/.test(message)
      ? `${option} takes no value`
      : `${option} needs a value`;
  }
  return message;
}
