import { type ListChangeEvent, type ListGrowthStats, summarizeListChanges } from "./list-growth.js";

/**
 * Growth from the commit history of a community mirror of OFAC's digital-currency addresses:
 * `address_history.csv` (one row per (asset, address) ever listed: asset, address,
 * first_seen_commit_date, first_seen_commit, first_seen_repo, first_seen_censored,
 * last_seen_commit_date, present_in_latest) and, optionally, `list_counts_by_commit.csv`
 * (commit, commit_date, …) for the commit days. Each mirror commit is a snapshot of the list, so
 * this is a snapshot-difference history (`basis: "snapshot_diff"`), at the mirrors' commit dates:
 * - rows censored at the first commit are the initial state, not events;
 * - additions: the other rows, grouped by first-seen day (one event per day);
 * - removals: rows absent from the latest commit, dated on the first commit day after they were
 *   last seen (the day after, without the commit list): approximate.
 * Pure: it takes the files' text.
 */
export function growthFromAddressHistory(
  addressHistoryCsv: string,
  commitsCsv?: string,
): ListGrowthStats {
  const rows = readCsv(addressHistoryCsv, [
    "first_seen_commit_date",
    "first_seen_censored",
    "last_seen_commit_date",
    "present_in_latest",
  ]);
  const commitDays =
    commitsCsv === undefined
      ? null
      : [
          ...new Set(readCsv(commitsCsv, ["commit_date"]).map((r) => r.commit_date.slice(0, 10))),
        ].sort();
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  let first = "";
  let last = "";
  for (const r of rows) {
    const seen = r.first_seen_commit_date;
    if (first === "" || seen < first) first = seen;
    if (r.last_seen_commit_date > last) last = r.last_seen_commit_date;
    if (r.first_seen_censored !== "true") added.set(seen, (added.get(seen) ?? 0) + 1);
    if (r.present_in_latest === "false") {
      const gone =
        commitDays?.find((d) => d > r.last_seen_commit_date) ?? nextDay(r.last_seen_commit_date);
      removed.set(gone, (removed.get(gone) ?? 0) + 1);
    }
  }
  const days = [...new Set([...added.keys(), ...removed.keys()])].sort();
  const events: ListChangeEvent[] = days.map((date) => ({
    date,
    added: added.get(date) ?? 0,
    removed: removed.get(date) ?? 0,
  }));
  const to = [last, ...days].sort().at(-1) as string;
  return summarizeListChanges("snapshot_diff", first, to, commitDays?.length ?? 0, events, [
    "From the commit history of community mirrors of OFAC's digital-currency addresses: each commit is a snapshot of the list, dated when the mirror committed it (hours to weeks after OFAC published).",
    "Addresses present at the first commit are the initial state, not events; one event per commit day.",
    "Removal dates are approximate: the first commit day after an address was last seen.",
  ]);
}

const DAY_MS = 86_400_000;
const nextDay = (iso: string): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Rows of a simple CSV (no quoted commas: these files have none) with the needed columns. */
function readCsv<K extends string>(text: string, needed: readonly K[]): Record<K, string>[] {
  const [header = "", ...lines] = text.trim().split(/\r?\n/);
  const columns = header.split(",");
  const at = needed.map((name) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new RangeError(`growthFromAddressHistory: the CSV has no column ${name}`);
    return i;
  });
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(
      needed.map((name, j) => [name, cells[at[j] as number] ?? ""]),
    ) as Record<K, string>;
  });
}
