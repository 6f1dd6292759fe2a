/**
 * A wrong invocation: printed with a pointer to the usage, exit code 2. `command` names the
 * command whose `--help` to point to (none: `ofac-index --help`).
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.command = command;
  }
}

/** A wrong invocation reported by node's `util.parseArgs` (unknown option, missing value, …). */
export function isParseArgsError(error: unknown): error is Error {
  const code: unknown = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}
