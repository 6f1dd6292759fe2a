/** Rows of the band, reused across calls (screening is synchronous: no call overlaps another). */
let previous = new Int32Array(128);
let current = new Int32Array(128);

/**
 * The Levenshtein distance between `a` and `b` (characters changed, added or dropped) when it is
 * at most `max`, else null. Only the diagonal band of width 2·max+1 is computed, and the walk
 * stops as soon as every cell of a row exceeds `max`: two unrelated addresses part within a few
 * characters.
 */
export function editDistanceWithin(a: string, b: string, max: number): number | null {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return null;
  if (previous.length <= m) {
    previous = new Int32Array(m + 1);
    current = new Int32Array(m + 1);
  }
  const outside = max + 1;
  for (let j = 0; j <= m; j++) previous[j] = j <= max ? j : outside;
  for (let i = 1; i <= n; i++) {
    const low = Math.max(1, i - max);
    const high = Math.min(m, i + max);
    // The cells just outside the band read as "too far"; the first column is i edits.
    current[low - 1] = low === 1 && i <= max ? i : outside;
    if (high < m) current[high + 1] = outside;
    let rowMin = current[low - 1] as number;
    const ai = a.charCodeAt(i - 1);
    for (let j = low; j <= high; j++) {
      const substitution = (previous[j - 1] as number) + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (previous[j] as number) + 1;
      const insertion = (current[j - 1] as number) + 1;
      const cell = Math.min(substitution, deletion, insertion, outside);
      current[j] = cell;
      if (cell < rowMin) rowMin = cell;
    }
    if (rowMin > max) return null;
    [previous, current] = [current, previous];
  }
  const distance = previous[m] as number;
  return distance <= max ? distance : null;
}
