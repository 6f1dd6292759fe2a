/**
 * Stores `value` under `key` in `map`, first forgetting the oldest entry when the map already
 * holds `limit`: the challenges a gate keeps built stay bounded, whatever keys clients vary.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
