import { type ForecastInput, parseForecastInput } from "../../inputs/forecast-input.js";
import { parseQueueInput, type QueueInput } from "../../inputs/queue-input.js";
import type { LinkedParty, LinkedPartyLookup } from "./linked-party.js";
import { resolveLinks } from "./resolve-links.js";

/** A request as the engine takes it, and the party each of its wallets is linked to (if any). */
export interface CheckedRequest<Input> {
  readonly input: Input;
  /** By position: `address_metadata[i]` for a forecast, `review_items[i]` for a queue. */
  readonly links: readonly (LinkedParty | undefined)[];
}

/**
 * An exposure forecast request checked: parsed (its schema and the cross-field rules), then
 * each `linked_sdn_entry` resolved with the caller's lookup. Every refusal the forecast makes of
 * its input (`InputError`, with paths) is made here, before anything is computed:
 * `forecastExposure` starts with it, and a dry run (which only checks) stops after it.
 */
export function checkedForecastRequest(
  request: unknown,
  lookup: LinkedPartyLookup | undefined,
): CheckedRequest<ForecastInput> {
  const input = parseForecastInput(request);
  const links = resolveLinks(
    (input.address_metadata ?? []).map((m, i) => ({
      id: m.linked_sdn_entry,
      path: `address_metadata[${i}].linked_sdn_entry`,
    })),
    lookup,
  );
  return { input, links };
}

/** The same for a review-queue request: parsed, each item's `linked_sdn_entry` resolved. */
export function checkedQueueRequest(
  request: unknown,
  lookup: LinkedPartyLookup | undefined,
): CheckedRequest<QueueInput> {
  const input = parseQueueInput(request);
  const links = resolveLinks(
    input.review_items.map((item, i) => ({
      id: item.linked_sdn_entry,
      path: `review_items[${i}].linked_sdn_entry`,
    })),
    lookup,
  );
  return { input, links };
}
