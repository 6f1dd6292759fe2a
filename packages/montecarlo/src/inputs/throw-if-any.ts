import { InputError, type InputIssue } from "./input-error.js";

/** Throws an `InputError` when there is at least one issue. */
export function throwIfAny(issues: readonly InputIssue[]): void {
  if (issues.length > 0) throw new InputError(issues);
}

/** valibot's object schemas accept arrays (keyed "0", "1", …); a body must be a plain object. */
export function refuseArrayBody(input: unknown): void {
  if (Array.isArray(input))
    throw new InputError([{ path: "", message: "the body must be an object; got an array" }]);
}
