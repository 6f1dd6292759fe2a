/** valibot's default messages: `Invalid <label>: Expected <x> but received <y>`, or `…: Received <y>`. */
export const VALIBOT_DEFAULTS: readonly RegExp[];
/** The messages that are empty or in valibot's default words. */
export function defaultsIn(messages: readonly string[]): string[];
/** `body` with the value at `path` replaced (or, with `remove`, deleted). */
export function withValue(
  body: unknown,
  path: readonly (string | number)[],
  value: unknown,
  remove?: boolean,
): unknown;
/**
 * Every way of breaking `body` one member at a time, each with a label: each value replaced by
 * each of `junk`, each member removed, an unknown member added to each object.
 */
export function brokenVariantsOf(body: unknown, junk: readonly unknown[]): [string, unknown][];
