import { describe, expect, it } from "vitest";
import { editDistanceWithin } from "./edit-distance.js";
import { EditNeighbours } from "./edit-neighbours.js";

/** A deterministic pseudo-random generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("EditNeighbours finds exactly the strings within 2 edits", () => {
  it("agrees with comparing against every string, on random strings and their random edits", () => {
    const next = random(42);
    const word = (n: number) =>
      Array.from({ length: n }, () => "abcd"[Math.floor(next() * 4)]).join("");
    const held = Array.from({ length: 300 }, () => word(8 + Math.floor(next() * 8)));
    const neighbours = new EditNeighbours<string>();
    for (const text of held) neighbours.add(text, text);
    const edit = (s: string): string => {
      const at = Math.floor(next() * (s.length + 1));
      const op = Math.floor(next() * 3);
      const ch = "abcd"[Math.floor(next() * 4)];
      if (op === 0) return `${s.slice(0, at)}${ch}${s.slice(at)}`;
      if (op === 1) return `${s.slice(0, at)}${s.slice(at + 1)}`;
      return `${s.slice(0, at)}${ch}${s.slice(at + 1)}`;
    };
    for (let k = 0; k < 1500; k++) {
      const base = held[Math.floor(next() * held.length)] as string;
      const query = next() < 0.5 ? edit(edit(base)) : k % 3 === 0 ? word(10) : edit(base);
      const expected = [...new Set(held)]
        .map((text) => ({ text, distance: editDistanceWithin(query, text, 2) }))
        .filter((x) => x.distance !== null)
        .map((x) => `${x.text}:${x.distance}`)
        .sort();
      const got = neighbours
        .near(query)
        .map((x) => `${x.text}:${x.distance}`)
        .sort();
      expect(got, query).toEqual(expected);
    }
  });
});
