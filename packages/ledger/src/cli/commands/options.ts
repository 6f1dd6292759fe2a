import { parseArgs } from "node:util";
import { PAYMENT_ID } from "../../settlement/deferred-payments.js";
import { UsageError } from "../usage-error.js";

/** The options of the commands that read lists and totals. */
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

/** What `show` takes: one payment, by the id its caller was given. */
export interface PaymentOptions {
  readonly json: boolean;
  readonly paymentId: string;
}

/** What `paid` takes: the payment, and the transaction its payer paid it in. */
export interface PaidOptions extends PaymentOptions {
  readonly tx: string;
}

/** An EVM transaction hash: 0x and 64 hexadecimal digits. */
const TRANSACTION = /^0x[0-9a-fA-F]{64}$/;

/** The one argument of `show` and `paid`: a payment id (`pay_` and 32 hexadecimal digits). */
const onePaymentId = (positionals: readonly string[]): string => {
  const [paymentId, extra] = positionals;
  if (paymentId === undefined) {
    throw new UsageError("which payment? give its id (pay_ and 32 hexadecimal digits)");
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (!PAYMENT_ID.test(paymentId)) {
    throw new UsageError(
      `"${paymentId}" is not a payment id: pay_ and 32 lower-case hexadecimal digits`,
    );
  }
  return paymentId;
};

/** Reads `show`'s arguments: a payment id, and `--json`. */
export function readShowOptions(args: string[]): PaymentOptions {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: "boolean", default: false } },
    strict: true,
    allowPositionals: true,
  });
  return { json: values.json, paymentId: onePaymentId(positionals) };
}

/** Reads `paid`'s arguments: a payment id, `--tx` (required) and `--json`. */
export function readPaidOptions(args: string[]): PaidOptions {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: "boolean", default: false }, tx: { type: "string" } },
    strict: true,
    allowPositionals: true,
  });
  const paymentId = onePaymentId(positionals);
  if (values.tx === undefined) {
    throw new UsageError("--tx is needed: the transaction the payer paid in");
  }
  if (!TRANSACTION.test(values.tx)) {
    throw new UsageError("--tx must be 0x and 64 hexadecimal digits");
  }
  return { json: values.json, paymentId, tx: values.tx };
}

/** What `unblock` takes: the payment, and why it was not its payer's doing. */
export interface UnblockOptions extends PaymentOptions {
  readonly reason: string;
}

/** Reads `unblock`'s arguments: a payment id, `--reason` (required, 1–200 characters) and `--json`. */
export function readUnblockOptions(args: string[]): UnblockOptions {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: "boolean", default: false }, reason: { type: "string" } },
    strict: true,
    allowPositionals: true,
  });
  const paymentId = onePaymentId(positionals);
  const reason = values.reason?.trim();
  if (reason === undefined || reason === "") {
    throw new UsageError("--reason is needed: why the failure was not the payer's doing");
  }
  if (reason.length > 200) throw new UsageError("--reason must be at most 200 characters");
  return { json: values.json, paymentId, reason };
}
