import { InputError, type InputIssue } from "../../inputs/input-error.js";
import type { LinkedParty, LinkedPartyLookup } from "./linked-party.js";

/** A wallet's link as a request gives it, with the field path an error names. */
export interface RequestedLink {
  readonly id: string | undefined;
  /** e.g. `address_metadata[3].linked_sdn_entry`. */
  readonly path: string;
}

/**
 * Each link's party, by the caller's lookup (undefined where no link is given). An id the list
 * does not know, or any id without a lookup, is an `InputError` naming its path: a forecast never
 * silently drops a link the caller made.
 */
export function resolveLinks(
  links: readonly RequestedLink[],
  lookup: LinkedPartyLookup | undefined,
): (LinkedParty | undefined)[] {
  const issues: InputIssue[] = [];
  const parties = links.map(({ id, path }) => {
    if (id === undefined) return undefined;
    const party = lookup?.(id) ?? null;
    if (party === null) {
      issues.push({
        path,
        message:
          lookup === undefined
            ? `linked_sdn_entry ${id} cannot be checked: no SDN party list was given`
            : `linked_sdn_entry ${id} is not an SDN List entry or profile id in the current edition`,
      });
      return undefined;
    }
    return party;
  });
  if (issues.length > 0) throw new InputError(issues);
  return parties;
}
