import { parseArgs } from "node:util";
import { UsageError } from "../usage-error.js";

/** The options every command takes. */
export interface CommandOptions {
  readonly json: boolean;
  readonly days: number;
  readonly limit: number;
}

const wholeNumber = (name: string, raw: string | undefined, fallback: number, max: number) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  }
  return n;
};

/** Reads a command's arguments; `--days` and `--limit` only where the command takes them. */
export function readOptions(
  args: string[],
  accepts: { readonly days: boolean; readonly limit: boolean },
): CommandOptions {
  const { values, positionals } = parseArgs({
    args,
    options: {
      json: { type: "boolean", default: false },
      ...(accepts.limit ? { limit: { type: "string" } } : {}),
      ...(accepts.days ? { days: { type: "string" } } : {}),
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const days = typeof values.days === "string" ? values.days : undefined;
  const limit = typeof values.limit === "string" ? values.limit : undefined;
  return {
    json: values.json === true,
    days: wholeNumber("days", days, 7, 3660),
    limit: wholeNumber("limit", limit, 1000, 100_000),
  };
}
