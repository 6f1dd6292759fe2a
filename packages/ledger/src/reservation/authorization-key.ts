import { type AuthorizationKey, keyOf } from "@svc/payments";
import { LedgerError } from "../errors/ledger-error.js";

/** The parts of a reservation key made by `keyOf` (network|asset|payer|nonce, lower-cased). */
export function parseKey(key: string): AuthorizationKey {
  const [network, asset, payer, nonce, ...rest] = key.split("|");
  if (
    network === undefined ||
    asset === undefined ||
    payer === undefined ||
    nonce === undefined ||
    rest.length > 0 ||
    keyOf({ network, asset, payer, nonce }) !== key
  ) {
    throw new LedgerError(
      "LEDGER_PAYMENT_INVALID",
      "key",
      "must be a reservation key made by keyOf (network|asset|payer|nonce)",
    );
  }
  return { network, asset, payer, nonce };
}
