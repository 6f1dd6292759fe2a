import { type EventProcess, fitListGrowth } from "../growth/list-growth-model.js";

/**
 * A list history shaped like OFAC's (clustered batches of 1 to 53 addresses, ~13 events a
 * year), synthetic so the unit tests need no data file; the real history is tested where it is
 * read (forecast.real-data.test.ts).
 */
export function syntheticHistory() {
  const sizes = [1, 2, 3, 3, 4, 5, 9, 14, 30, 53, 2, 6];
  const events = Array.from({ length: 36 }, (_, i) => {
    const day = new Date(Date.UTC(2022, 8, 10) + i * 28 * 86_400_000);
    return {
      date: day.toISOString().slice(0, 10),
      added: sizes[i % sizes.length] as number,
      removed: 0,
    };
  });
  return { basis: "snapshot_diff" as const, from: "2022-09-03", to: "2025-08-30", events };
}

export const syntheticProcess = (): EventProcess => fitListGrowth(syntheticHistory()).additions;
