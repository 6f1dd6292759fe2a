import { type AuthorizationKey, canonicalKey, canonicalOn, type ServedRecord } from "@svc/payments";
import { LedgerError } from "../errors/ledger-error.js";

/** The longest text the ledger keeps in a name-like column (operation, request id, key parts). */
const MAX_NAME_LENGTH = 200;
/** The longest failure reason kept (longer ones are cut). */
const MAX_REASON_LENGTH = 500;

const invalid = (field: string, message: string): LedgerError =>
  new LedgerError("LEDGER_PAYMENT_INVALID", field, message);

/** A non-empty text of at most `MAX_NAME_LENGTH` characters. */
export function checkName(field: string, value: string): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_NAME_LENGTH) {
    throw invalid(field, `must be a text of 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return value;
}

/**
 * The authorization's parts, checked, in the canonical spelling of its network's scheme (the
 * payment layer's `canonicalKey`: EVM hex lower-cased, so one payment is one row however it
 * was spelled; other schemes' identifiers, such as base58, kept as they are).
 */
function checkAuthorization(key: AuthorizationKey): AuthorizationKey {
  return canonicalKey({
    network: checkName("authorization.network", key.network),
    asset: checkName("authorization.asset", key.asset),
    payer: checkName("authorization.payer", key.payer),
    nonce: checkName("authorization.nonce", key.nonce),
  });
}

/** An amount in atomic units: a non-negative integer written in decimal digits (a uint256 fits). */
export function checkAmount(amount: string): string {
  if (typeof amount !== "string" || !/^\d{1,78}$/.test(amount)) {
    throw invalid("amount", "must be a whole number of atomic units, in decimal digits");
  }
  return amount;
}

/** A point in time in ms since the epoch. */
export function checkTime(field: string, ms: number): number {
  if (!Number.isFinite(ms)) throw invalid(field, "must be a time in ms since the epoch");
  return ms;
}

/** The SHA-256 of the dataset an answer used: 64 hex digits, kept lower-cased. */
function checkSha256(field: string, hash: string): string {
  if (typeof hash !== "string" || !/^[0-9a-fA-F]{64}$/.test(hash)) {
    throw invalid(field, "must be 64 hexadecimal digits");
  }
  return hash.toLowerCase();
}

/** The screened addresses of a query: texts as the caller sent them (each bounded). */
function checkQuery(field: string, query: readonly string[]): string[] {
  if (!Array.isArray(query)) throw invalid(field, "must be a list of texts");
  return query.map((item, i) => checkName(`${field}.${i}`, item));
}

/**
 * A settlement's transaction on `network`, in its scheme's spelling (an EVM hash lower-cased;
 * a Solana signature, base58, kept as it is: lower-casing it would name another).
 */
export const checkTxHash = (network: string, txHash: string): string =>
  canonicalOn(network, checkName("txHash", txHash));

/** A failure reason, cut to `MAX_REASON_LENGTH` characters. */
export function checkReason(reason: string): string {
  if (typeof reason !== "string" || reason === "") throw invalid("reason", "must be a text");
  return reason.slice(0, MAX_REASON_LENGTH);
}

/** An authorization's key as the statements' parameters $1…$4, checked. */
export function keyParams(key: AuthorizationKey): string[] {
  const k = checkAuthorization(key);
  return [k.network, k.asset, k.payer, k.nonce];
}

/**
 * What a served answer used, as two parameters: the dataset's SHA-256 and the screened
 * addresses (kept only when the ledger stores queries), each null when absent.
 */
export function servedParams(
  served: ServedRecord,
  storeQueries: boolean,
): [string | null, string[] | null] {
  return [
    served.datasetSha256 === undefined ? null : checkSha256("datasetSha256", served.datasetSha256),
    storeQueries && served.query !== undefined ? checkQuery("query", served.query) : null,
  ];
}
