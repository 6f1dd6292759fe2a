import { editDistanceWithin } from "./edit-distance.js";

/** The three segments a string of `length` characters is cut into (pigeonhole filter). */
const segmentsOf = (length: number): readonly (readonly [number, number])[] => {
  const a = Math.floor(length / 3);
  const b = Math.floor((2 * length) / 3);
  return [
    [0, a],
    [a, b],
    [b, length],
  ];
};

/**
 * Strings within `MAX_EDITS` edits of a query, found without comparing the query with every
 * string held. A string within 2 edits of the query keeps at least one of its three segments
 * unedited, and that segment sits in the query at most 2 places from where it sits in the string
 * (the pigeonhole principle). So each held string is indexed by its segments, the query looks up
 * its substrings at those places (3 segments, 5 shifts, 5 lengths: at most 75 lookups), and only
 * the strings found are compared in full.
 */
export class EditNeighbours<T> {
  static readonly MAX_EDITS = 2;
  private readonly bySegment = new Map<string, { text: string; value: T }[]>();
  private readonly lengths = new Set<number>();

  add(text: string, value: T): void {
    if (text.length < 3) return;
    this.lengths.add(text.length);
    segmentsOf(text.length).forEach(([from, to], i) => {
      const key = `${text.length}:${i}:${text.slice(from, to)}`;
      const list = this.bySegment.get(key);
      if (list === undefined) this.bySegment.set(key, [{ text, value }]);
      else list.push({ text, value });
    });
  }

  /** Every held string within 2 edits of `query` (itself included), with its distance. */
  near(query: string): { value: T; text: string; distance: number }[] {
    const max = EditNeighbours.MAX_EDITS;
    const seen = new Set<string>();
    const found: { value: T; text: string; distance: number }[] = [];
    for (let length = query.length - max; length <= query.length + max; length++) {
      if (!this.lengths.has(length)) continue;
      segmentsOf(length).forEach(([from, to], i) => {
        for (let shift = -max; shift <= max; shift++) {
          const start = from + shift;
          if (start < 0 || start + (to - from) > query.length) continue;
          const key = `${length}:${i}:${query.slice(start, start + (to - from))}`;
          for (const held of this.bySegment.get(key) ?? []) {
            if (seen.has(held.text)) continue;
            seen.add(held.text);
            const distance = editDistanceWithin(query, held.text, max);
            if (distance !== null) found.push({ value: held.value, text: held.text, distance });
          }
        }
      });
    }
    return found;
  }
}
