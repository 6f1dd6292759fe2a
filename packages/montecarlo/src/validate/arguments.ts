/**
 * Argument checks shared by the generator, the samplers and the exact distributions. Each throws
 * a `RangeError` whose message names the function, the argument, what was expected and what was
 * given, e.g. `gamma: shape must be a finite number > 0, got -1`.
 *
 * The checks are plain comparisons, cheap enough for the hot loops of a simulation; the message
 * is only built when a check fails.
 */

/** How a rejected value is shown in a message: numbers as written, anything else by type. */
export function describe(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || value === undefined || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function fail(where: string, name: string, expected: string, value: unknown): never {
  throw new RangeError(`${where}: ${name} must be ${expected}, got ${describe(value)}`);
}

/** A finite number (not NaN, not ±Infinity). */
export function requireFinite(where: string, name: string, value: number): void {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    fail(where, name, "a finite number", value);
  }
}

/** A finite number > 0. */
export function requirePositive(where: string, name: string, value: number): void {
  if (typeof value !== "number" || !(value > 0) || value === Number.POSITIVE_INFINITY) {
    fail(where, name, "a finite number > 0", value);
  }
}

/** A finite number ≥ 0. */
export function requireNonNegative(where: string, name: string, value: number): void {
  if (typeof value !== "number" || !(value >= 0) || value === Number.POSITIVE_INFINITY) {
    fail(where, name, "a finite number ≥ 0", value);
  }
}

/** A probability: a number in [0, 1]. */
export function requireProbability(where: string, name: string, value: number): void {
  if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
    fail(where, name, "a probability in [0, 1]", value);
  }
}

/** An integer in [min, max] (both inclusive, both exact doubles). */
export function requireIntegerIn(
  where: string,
  name: string,
  value: number,
  min: number,
  max: number,
): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    fail(where, name, `an integer in [${min}, ${max}]`, value);
  }
}
