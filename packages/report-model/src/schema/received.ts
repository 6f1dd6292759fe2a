/**
 * What came, in words, for a refusal's "…; got <what came>": the kind of a value that has the
 * wrong type, or the value itself when its type was right but its value was not. Never longer
 * than a short phrase, whatever the input (a refusal stays small).
 */

const MAX_ECHO = 40;

/** `an array`, `null`, `an object`, `a string`, `a number`, `a boolean`, `nothing`. */
export function receivedType(input: unknown): string {
  if (input === undefined) return "nothing";
  if (input === null) return "null";
  if (Array.isArray(input)) return "an array";
  switch (typeof input) {
    case "object":
      return "an object";
    case "string":
      return "a string";
    case "number":
      return Number.isFinite(input) ? "a number" : String(input);
    case "boolean":
      return "a boolean";
    default:
      return `a ${typeof input}`;
  }
}

/** A scalar as written in JSON (`"vip"`, `6`, `true`), cut at 40 characters; other values by kind. */
export function receivedValue(input: unknown): string {
  if (typeof input === "string") {
    const quoted = JSON.stringify(input);
    return quoted.length <= MAX_ECHO ? quoted : `${quoted.slice(0, MAX_ECHO - 2)}…"`;
  }
  if (typeof input === "number" || typeof input === "boolean") return String(input);
  return receivedType(input);
}
