/**
 * A seed derived from a request, so the same request always gives the same output without the
 * caller naming a seed: the canonical JSON of the value (object keys sorted at every level) is
 * hashed by two FNV-1a 32-bit passes with different offsets, combined into an integer in
 * [0, 2^53). Not a security device: it only makes runs reproducible.
 */
export function deriveSeed(value: unknown): number {
  const text = canonicalJson(value);
  const hi = fnv1a(text, 0x811c9dc5) & 0x1fffff;
  const lo = fnv1a(text, 0x050c5d1f);
  return hi * 2 ** 32 + lo;
}

/** JSON with object keys sorted at every level; `undefined` members are left out. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function fnv1a(text: string, offset: number): number {
  let h = offset >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
