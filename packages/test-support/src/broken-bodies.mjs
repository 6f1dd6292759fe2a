/**
 * Request bodies broken one member at a time, and valibot's default refusal words: what the
 * refusal-words tests of the report model, the Monte Carlo inputs and the document routes walk
 * to prove that no refusal reaches a caller in the validator's own English.
 */

/** valibot's default messages: `Invalid <label>: Expected <x> but received <y>`, or `…: Received <y>`. */
const VALIBOT_DEFAULTS = [
  /^Invalid (type|key|length|value|format)/,
  /Expected .* but received/,
  /^Invalid \w+: (Expected|Received) /,
];

/** The messages that are empty or in valibot's default words. */
export const defaultsIn = (messages) =>
  messages.filter((m) => m === "" || VALIBOT_DEFAULTS.some((pattern) => pattern.test(m)));

/** `body` with the value at `path` replaced (or, with `remove`, deleted). */
function withValue(body, path, value, remove = false) {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = Array.isArray(body) ? [...body] : { ...body };
  if (rest.length === 0 && remove) {
    delete copy[head];
    return copy;
  }
  copy[head] = withValue(copy[head], rest, value, remove);
  return copy;
}

/**
 * Every way of breaking `body` one member at a time, each with a label: each value replaced by
 * each of `junk`, each member removed, an unknown member added to each object. Arrays are
 * walked through their first item.
 */
export function brokenVariantsOf(body, junk) {
  const variants = [];
  const walk = (node, path) => {
    const at = path.join(".") || "(body)";
    for (const j of junk) {
      variants.push([`${at} = ${JSON.stringify(j)?.slice(0, 20)}`, withValue(body, path, j)]);
    }
    if (Array.isArray(node)) {
      if (node.length > 0) walk(node[0], [...path, 0]);
    } else if (typeof node === "object" && node !== null) {
      variants.push([`${at} + zz_unknown`, withValue(body, [...path, "zz_unknown"], 1)]);
      for (const [key, value] of Object.entries(node)) {
        variants.push([`${at} - ${key}`, withValue(body, [...path, key], undefined, true)]);
        walk(value, [...path, key]);
      }
    }
  };
  walk(body, []);
  return variants;
}
