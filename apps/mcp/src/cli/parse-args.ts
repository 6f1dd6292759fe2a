import { parseArgs as parseNodeArgs } from "node:util";
import { integerSetting } from "@svc/ofac-index/node";
import { DEFAULT_MAX_PER_CALL_USDC, DEFAULT_MAX_TOTAL_USDC, parseUsdc } from "../remote/limits.js";
import { looksLikePrivateKey, PAYMENT_KEY_ENV } from "../remote/payment-key.js";

/** The paying proxy to a hosted `/mcp`: its URL and its limits (atomic USDC). */
export interface RemoteOptions {
  readonly mode: "remote";
  readonly url: string;
  readonly maxPerCall: bigint;
  readonly maxTotal: bigint;
}

/** How the process was asked to run, when it serves the tools itself. */
export type CliOptions =
  | { readonly mode: "help" }
  | { readonly mode: "stdio" }
  | { readonly mode: "http"; readonly port: number; readonly host: string };

/** Everything the command line can ask for: a served mode, help, or the paying proxy. */
export type Command = CliOptions | RemoteOptions;

/** A command line the tool cannot run: said on stderr with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

const DEFAULT_HOST = "127.0.0.1";

export const USAGE = `Usage: svc-mcp [--http PORT [--host HOST]] [--help]
       svc-mcp --remote URL [--max-per-call USDC] [--max-total USDC]

The OFAC wallet-screening MCP tool server, standalone: 12 tools and 6 prompts, every tool free,
nothing leaves the machine (unless OFAC_SOURCE or OFAC_OFFICIAL points the list elsewhere).

  (no flags)        serve MCP over stdio (what Claude Desktop, Cursor and other clients spawn);
                    stdout carries only the protocol, logs go to stderr as JSON lines
  --http PORT       serve streamable HTTP at http://HOST:PORT/mcp (stateless, JSON responses)
                    and GET /health; PORT 0 picks a free port (the log line says which)
  --host HOST       the address to bind with --http (default ${DEFAULT_HOST})
  --remote URL      serve the tools and prompts of a hosted MCP server (URL of its /mcp,
                    https, or http on loopback) over stdio, paying for each paid call from
                    the key in ${PAYMENT_KEY_ENV} (0x-hex EVM key, environment only: never
                    an argument); without it free tools still work, paid ones are refused.
                    Each payment is logged on stderr (msg "payment")
  --max-per-call USDC  with --remote: refuse a call priced above this (default ${DEFAULT_MAX_PER_CALL_USDC})
  --max-total USDC     with --remote: never pay more than this in all, per process (default ${DEFAULT_MAX_TOTAL_USDC})
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
  remote: { type: "string" },
  "max-per-call": { type: "string" },
  "max-total": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Reads the command line (without `node` and the script). Throws `UsageError`. */
export function parseArgs(argv: readonly string[]): Command {
  // Before anything else, and without repeating it: a key on the command line shows in process
  // lists and shell history.
  if (argv.some(looksLikePrivateKey)) {
    throw new UsageError(
      `an argument looks like a private key: never pass a key on the command line (process lists and shell history show it); set ${PAYMENT_KEY_ENV} in the environment instead`,
    );
  }
  let values: {
    http?: string | undefined;
    host?: string | undefined;
    remote?: string | undefined;
    "max-per-call"?: string | undefined;
    "max-total"?: string | undefined;
    help?: boolean | undefined;
  };
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
  if (values.remote !== undefined) {
    if (values.http !== undefined) throw new UsageError("--remote and --http cannot be combined");
    if (values.host !== undefined) throw new UsageError("--host only applies with --http PORT");
    return {
      mode: "remote",
      url: remoteUrl(values.remote),
      maxPerCall: usdcLimit("--max-per-call", values["max-per-call"] ?? DEFAULT_MAX_PER_CALL_USDC),
      maxTotal: usdcLimit("--max-total", values["max-total"] ?? DEFAULT_MAX_TOTAL_USDC),
    };
  }
  for (const flag of ["max-per-call", "max-total"] as const) {
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} only applies with --remote URL`);
  }
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

/** Loopback hosts, to which the proxy may speak plain http (nothing crosses a network). */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * The URL of the hosted `/mcp`: https, or http to a loopback address only. Over plain http to
 * another host, anyone on the path could rewrite the PaymentRequired (its payee, its price up to
 * the limit) before the proxy signs it.
 */
function remoteUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `--remote needs the URL of a hosted /mcp endpoint (https://…/mcp), got "${text}"`,
    );
  }
  if (url.protocol === "https:") return url.href;
  if (url.protocol === "http:") {
    if (LOOPBACK.test(url.hostname)) return url.href;
    throw new UsageError(
      `--remote over plain http is only for loopback (localhost, 127.0.0.1, [::1]): payments to ${url.host} need https`,
    );
  }
  throw new UsageError(`--remote must be an http(s) URL, got a ${url.protocol} URL`);
}

/** A limit in USDC: a positive decimal with at most 6 decimals, in atomic units. */
function usdcLimit(flag: string, text: string): bigint {
  const atomic = parseUsdc(text);
  if (atomic === undefined) {
    throw new UsageError(
      `${flag} must be a positive USDC amount with at most 6 decimals (e.g. 0.25), got "${text}"`,
    );
  }
  return atomic;
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
    const option = /--[a-z-]+/.exec(message)?.[0];
    if (option === undefined) return message;
    return /does not take an argument/.test(message)
      ? `${option} takes no value`
      : `${option} needs a value`;
  }
  return message;
}
