import { InputError } from "../inputs/input-error.js";

/** The path of the first number that is not finite in a JSON-like value, or undefined. */
function firstNonFinite(value: unknown, path = ""): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, member] of Object.entries(value)) {
    const found = firstNonFinite(
      member,
      Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a request whose values overflow in the analysis (e.g. a relative change or a
 * multiplicative drift taking a parameter beyond ±1.8e308): every reported number must be finite.
 */
export function requireFiniteResult(result: unknown): void {
  const at = firstNonFinite(result);
  if (at !== undefined) {
    throw new InputError([
      {
        path: "request",
        message: `the request takes values beyond the range of numbers (result${at})`,
      },
    ]);
  }
}
