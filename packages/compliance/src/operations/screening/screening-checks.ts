import type { ComplianceDeps } from "../../catalog/deps.js";
import { screenOptions } from "./input-fields.js";

/**
 * The refusals of screening one address, made as the run makes them: the index screens it
 * (whether a string is an address is the index's call: its formats, checksums and cases, and
 * OFAC's own published strings) and the answer is dropped. `INVALID_ADDRESS`,
 * `UNSUPPORTED_ASSET` and `LIST_UNAVAILABLE` are thrown as the run throws them.
 */
export function checkScreenable(
  input: { readonly address: string; readonly asset?: string | undefined },
  deps: ComplianceDeps,
): void {
  deps.list.screen(input.address, screenOptions(input.asset));
}

/** The same for a batch: every refused address named at its position, as the run names them. */
export function checkScreenableMany(
  input: { readonly addresses: readonly string[]; readonly asset?: string | undefined },
  deps: ComplianceDeps,
): void {
  deps.list.screenMany(input.addresses, screenOptions(input.asset));
}
