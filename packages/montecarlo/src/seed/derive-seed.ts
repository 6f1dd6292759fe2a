/**
 * A seed for a request that gives none: a hash of its canonical JSON, so that the same request
 * gives the same output (and the seed is reported, so a run can be repeated with it).
 */

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a over the UTF-8 bytes, from the given offset basis. */
function fnv1a(bytes: Uint8Array, basis: number): number {
  let h = basis;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, FNV_PRIME);
  return h >>> 0;
}

/**
 * A seed in [0, 2^53 − 1] from the canonical JSON of `value`: two 32-bit FNV-1a hashes (the
 * standard offset basis 0x811c9dc5, and 0x050c5d1f) give the high 21 and the low 32 bits.
 */
export function deriveSeed(value: unknown): number {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const hi = fnv1a(bytes, 0x811c9dc5) & 0x1fffff;
  return hi * 4294967296 + fnv1a(bytes, 0x050c5d1f);
}
