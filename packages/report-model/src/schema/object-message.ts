import type * as v from "valibot";
import { expectedOf } from "./expected.js";
import { receivedType } from "./received.js";

/**
 * The message of an object schema (`object`, `looseObject`, `strictObject`). valibot gives an
 * object schema one message for three different refusals; this tells them apart, so none of
 * them says the object is not one when a member is missing:
 *
 * - a required member is missing: `review_budget is required: an integer ≥ 1 (…)`, at the
 *   member's path, with what the member expects (from its published JSON Schema);
 * - a member a strict object does not list: `unknown member "chain": this object accepts
 *   address, asset only`, at the member's path;
 * - the value is not an object: `<name> must be an object; got a string`. valibot takes an
 *   array for an object (keyed "0", "1", …), so an array is refused only when a member is
 *   missing or unknown, at that member's path, with these words too.
 *
 * `name` is how the object is called in the last case (`the body`, `each review item`,
 * `report_meta`); `entries` are the object's members, as given to the schema.
 *
 * @example v.strictObject(entries, objectMessage("the body", entries))
 */
export function objectMessage(
  name: string,
  entries: v.ObjectEntries,
): (issue: v.BaseIssue<unknown>) => string {
  const accepted = Object.keys(entries).join(", ");
  return (issue) => {
    // A member issue: its path (so far) is the member alone.
    const member = issue.path?.length === 1 ? issue.path[0] : undefined;
    if (member?.type === "object" && member.origin === "key") {
      // valibot takes an array for an object (keyed "0", "1", …): say what came.
      if (Array.isArray(member.input)) return `${name} must be an object; got an array`;
      if (issue.expected === "never") {
        return `unknown member ${issue.received}: this object accepts ${accepted === "" ? "no members" : `${accepted} only`}`;
      }
      const key = String(member.key);
      const schema = Object.hasOwn(entries, key) ? entries[key] : undefined;
      return schema === undefined
        ? `${key} is required`
        : `${key} is required: ${expectedOf(schema as v.GenericSchema)}`;
    }
    return `${name} must be an object; got ${receivedType(issue.input)}`;
  };
}
