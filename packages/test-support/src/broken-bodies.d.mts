/** The messages that are empty or in valibot's default words. */
export function defaultsIn(messages: readonly string[]): string[];
/**
 * Every way of breaking `body` one member at a time, each with a label: each value replaced by
 * each of `junk`, each member removed, an unknown member added to each object.
 */
export function brokenVariantsOf(body: unknown, junk: readonly unknown[]): [string, unknown][];
