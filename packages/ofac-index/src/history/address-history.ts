import { normalizeAddress } from "../address/normalize-address.js";
import { type ListChangeEvent, type ListGrowthStats, summarizeListChanges } from "./list-growth.js";

/**
 * Growth from the commit history of community mirrors of OFAC's digital-currency addresses,
 * counted in unique addresses: one wallet is hit once, whatever its tickers. Two formats of
 * `address_history.csv` are read, by header name:
 * - typed: `asset,address,first_seen_commit_date,first_seen_commit,first_seen_repo,
 *   first_seen_censored,last_seen_commit_date,present_in_latest` (one row per (asset, address));
 * - untyped: `address,first_seen_commit_date,first_seen_commit,first_seen_censored,
 *   last_seen_commit_date,present_in_latest` (no asset; possibly several rows per address).
 * Optionally `list_counts_by_commit.csv` (commit, commit_date, …) gives the commit days. Each
 * mirror commit is a snapshot of the list, so this is a snapshot-difference history
 * (`basis: "snapshot_diff"`), at the mirrors' commit dates. Per address, over all its rows:
 * - it is the initial state, not an event, if any row is censored (present at the first commit);
 * - else it is an addition on the earliest first-seen day of its rows (one event per day);
 * - it is removed when none of its rows is present in the latest commit, dated on the first
 *   commit day after its last sighting (the day after, without the commit list): approximate.
 * Addresses are compared in the canonical form screening matches on (`normalizeAddress`: EVM hex
 * lower-cased, upper-case bech32/cashaddr lower-cased when the checksum verifies, everything
 * else exactly as OFAC publishes it). It depends on the string's format, not on a ticker, so both
 * formats compare alike; and an addition is then exactly a new possible hit: OFAC's one case-only
 * republication of an EVM address (0xCa08…3357, 2022-11-09) is neither a removal nor an
 * addition, as screening never stopped matching it. Pure: it takes the files' text.
 */
export function growthFromAddressHistory(
  addressHistoryCsv: string,
  commitsCsv?: string,
): ListGrowthStats {
  const rows = readCsv(addressHistoryCsv, [
    "address",
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
  const addresses = new Map<string, AddressSpan>();
  let first = "";
  let last = "";
  for (const r of rows) {
    const seen = r.first_seen_commit_date;
    if (first === "" || seen < first) first = seen;
    if (r.last_seen_commit_date > last) last = r.last_seen_commit_date;
    const key = normalizeAddress(r.address);
    const span = addresses.get(key);
    const row: AddressSpan = {
      firstSeen: seen,
      censored: r.first_seen_censored === "true",
      lastSeen: r.last_seen_commit_date,
      present: r.present_in_latest === "true",
    };
    addresses.set(key, span === undefined ? row : merge(span, row));
  }
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  for (const a of addresses.values()) {
    if (!a.censored) added.set(a.firstSeen, (added.get(a.firstSeen) ?? 0) + 1);
    if (!a.present) {
      const gone = commitDays?.find((d) => d > a.lastSeen) ?? nextDay(a.lastSeen);
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
    "Counts are unique addresses in the canonical form screening matches on, whatever their tickers: an address is added on the first day any of its tickers appears.",
    "Addresses present at the first commit are the initial state, not events; one event per commit day.",
    "Removal dates are approximate: the first commit day after an address was last seen.",
  ]);
}

/** One address over all its rows. */
interface AddressSpan {
  readonly firstSeen: string;
  readonly censored: boolean;
  readonly lastSeen: string;
  readonly present: boolean;
}

/** The earlier of two ISO dates (they compare as strings). */
const earlier = (x: string, y: string): string => (x.localeCompare(y) <= 0 ? x : y);

const merge = (a: AddressSpan, b: AddressSpan): AddressSpan => ({
  firstSeen: earlier(a.firstSeen, b.firstSeen),
  censored: a.censored || b.censored,
  lastSeen: earlier(a.lastSeen, b.lastSeen) === a.lastSeen ? b.lastSeen : a.lastSeen,
  present: a.present || b.present,
});

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
