import type { ListedParty } from "../index/sdn-index.js";
import type { Edition, SdnListParty } from "../model/types.js";

/**
 * Per party, the days it gained listed addresses: what a wallet linked to a party (the caller's
 * `linked_sdn_entry`) takes its hazard from. Pure: it takes additions already dated and joined
 * with their parties (`partyHistoryFromEditions` does so from stored editions; the embedded
 * default is made by scripts/embed-party-history.mjs from the community-mirror history).
 */

/** Who an addition went to, as the list stood just before it. */
export type AdditionKind = "holding" | "listed_without_addresses" | "new_designation";

/** One address's first appearance on the list, joined with its party. */
export interface AddressAddition {
  /** Canonical address: a wallet is hit once, whatever its tickers. */
  readonly address: string;
  /** First seen, `YYYY-MM-DD`. */
  readonly date: string;
  /** Already listed when the history begins (its real date is earlier): the initial state. */
  readonly censored: boolean;
  /** A party listed before this day was on the list already (the previous snapshot's date). */
  readonly listedBefore: string;
  readonly party: Pick<SdnListParty, "profileId" | "entryId" | "listedOn"> & {
    readonly name: string | null;
  };
}

/** The addresses one party gained on one day. */
export interface PartyAdditionEvent {
  readonly date: string;
  readonly added: number;
  readonly kind: AdditionKind;
}

export interface PartyRecord {
  readonly profileId: string;
  readonly entryId: string;
  readonly name: string | null;
  readonly listedOn: string | null;
  /** When it first held listed addresses in the window (the window's start if before). */
  readonly heldFrom: string;
  readonly events: readonly PartyAdditionEvent[];
}

/** What the population of parties says, the evidence behind a linked wallet's prior. */
export interface PartyPopulation {
  /** Addresses added in the window (unique canonical addresses, not the initial state). */
  readonly addedAddresses: number;
  readonly addedTo: Readonly<Record<AdditionKind, number>>;
  /** Party-days with additions, by kind. */
  readonly eventsOf: Readonly<Record<AdditionKind, number>>;
  readonly additionDays: number;
  /** Addition days on which one party alone gained addresses. */
  readonly singlePartyDays: number;
  /** Party-years spent holding listed addresses, and listed without any, in the window. */
  readonly holdingPartyYears: number;
  readonly listedWithoutPartyYears: number;
  /** Re-addition events (a party holding addresses gains more) per party-year holding. */
  readonly readditionsPerHoldingPartyYear: number;
  /** First additions to parties listed without addresses per party-year listed without. */
  readonly additionsPerListedWithoutPartyYear: number;
  /** Addresses gained by parties already holding addresses per party-year holding. */
  readonly addressesPerHoldingPartyYear: number;
}

export interface PartyHistory {
  readonly basis: "snapshot_diff";
  /** Where the dates come from, in words. */
  readonly source: string;
  readonly from: string;
  readonly to: string;
  readonly spanDays: number;
  /** Every party that held or gained listed addresses in the window. */
  readonly parties: readonly PartyRecord[];
  readonly population: PartyPopulation;
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;
const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const daysBetween = (from: string, to: string): number => Math.max(0, dayOf(to) - dayOf(from));
const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * The party history of a window [from, to]: each party's addition events (one per party and
 * day, counting unique addresses), classified as the list stood before them (`holding`: the
 * party had listed addresses; `listed_without_addresses`: it was on the SDN List before
 * `listedBefore` without any; else `new_designation`), and the population's rates. `listed` is
 * every SDN List party at the window's end, for the party-years listed without addresses.
 */
export function partyHistory(
  additions: readonly AddressAddition[],
  listed: readonly Pick<SdnListParty, "profileId" | "listedOn">[],
  from: string,
  to: string,
  source: string,
): PartyHistory {
  const byParty = new Map<string, AddressAddition[]>();
  const seen = new Set<string>();
  for (const a of [...additions].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))) {
    if (seen.has(a.address)) continue;
    seen.add(a.address);
    const list = byParty.get(a.party.profileId);
    if (list === undefined) byParty.set(a.party.profileId, [a]);
    else list.push(a);
  }
  const zero = (): Record<AdditionKind, number> => ({
    holding: 0,
    listed_without_addresses: 0,
    new_designation: 0,
  });
  const addedTo = zero();
  const eventsOf = zero();
  const partiesOfDay = new Map<string, Set<string>>();
  const records: PartyRecord[] = [];
  let holdingDays = 0;
  let addressesToHolding = 0;
  for (const [profileId, list] of byParty) {
    const first = list[0] as AddressAddition;
    const censored = list.some((a) => a.censored);
    const days = new Map<string, AddressAddition[]>();
    for (const a of list) {
      if (a.censored) continue;
      const day = days.get(a.date);
      if (day === undefined) days.set(a.date, [a]);
      else day.push(a);
    }
    const events: PartyAdditionEvent[] = [];
    let holds = censored;
    for (const [date, day] of [...days].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const at = day[0] as AddressAddition;
      const listedOn = first.party.listedOn;
      const kind: AdditionKind = holds
        ? "holding"
        : listedOn !== null && listedOn < at.listedBefore
          ? "listed_without_addresses"
          : "new_designation";
      events.push({ date, added: day.length, kind });
      addedTo[kind] += day.length;
      eventsOf[kind]++;
      if (kind === "holding") addressesToHolding += day.length;
      holds = true;
      const parties = partiesOfDay.get(date) ?? new Set<string>();
      partiesOfDay.set(date, parties.add(profileId));
    }
    const heldFrom = censored ? from : ((events[0]?.date as string | undefined) ?? from);
    holdingDays += daysBetween(later(heldFrom, from), to);
    records.push({
      profileId,
      entryId: first.party.entryId,
      name: first.party.name,
      listedOn: first.party.listedOn,
      heldFrom: later(heldFrom, from),
      events,
    });
  }
  // Party-years listed without addresses: from the listing (or the window's start) to the first
  // addresses (or the window's end); a party listed with its first addresses spends none.
  const heldFromOf = new Map(records.map((r) => [r.profileId, r]));
  let withoutDays = 0;
  for (const p of listed) {
    const record = heldFromOf.get(p.profileId);
    const start = later(p.listedOn ?? from, from);
    const end = record === undefined ? to : record.heldFrom;
    if (record !== undefined && record.events[0]?.kind !== "listed_without_addresses") continue;
    withoutDays += daysBetween(start, end);
  }
  const days = [...partiesOfDay.values()];
  const holdingPartyYears = holdingDays / YEAR_DAYS;
  const listedWithoutPartyYears = withoutDays / YEAR_DAYS;
  const ratio = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return {
    basis: "snapshot_diff",
    source,
    from,
    to,
    spanDays: daysBetween(from, to),
    parties: records.sort((a, b) => Number(a.profileId) - Number(b.profileId)),
    population: {
      addedAddresses: addedTo.holding + addedTo.listed_without_addresses + addedTo.new_designation,
      addedTo,
      eventsOf,
      additionDays: days.length,
      singlePartyDays: days.filter((s) => s.size === 1).length,
      holdingPartyYears,
      listedWithoutPartyYears,
      readditionsPerHoldingPartyYear: ratio(eventsOf.holding, holdingPartyYears),
      additionsPerListedWithoutPartyYear: ratio(
        eventsOf.listed_without_addresses,
        listedWithoutPartyYears,
      ),
      addressesPerHoldingPartyYear: ratio(addressesToHolding, holdingPartyYears),
    },
  };
}

/**
 * The party history of stored editions (oldest first): the first edition's addresses are the
 * initial state; each later edition's new canonical addresses are additions dated on its
 * `DateOfIssue`, to the party that holds them there. A party listed before the previous edition
 * was on the list already. Null with fewer than two editions. The newest edition's party list
 * gives the party-years listed without addresses (0 if it was stored without one).
 */
export function partyHistoryFromEditions(editions: readonly Edition[]): PartyHistory | null {
  const first = editions[0];
  const last = editions.at(-1);
  if (first === undefined || last === undefined || editions.length < 2) return null;
  const additions: AddressAddition[] = [];
  const known = new Set<string>();
  let previous = first.meta.datasetDate;
  editions.forEach((edition, i) => {
    for (const d of edition.designations) {
      if (known.has(d.normalizedAddress)) continue;
      known.add(d.normalizedAddress);
      additions.push({
        address: d.normalizedAddress,
        date: edition.meta.datasetDate,
        censored: i === 0,
        listedBefore: previous,
        party: {
          profileId: d.party.profileId,
          entryId: d.party.entryId,
          listedOn: d.party.listedOn,
          name: d.party.entityName,
        },
      });
    }
    previous = edition.meta.datasetDate;
  });
  // An edition stored without its party list cannot say who was listed without addresses:
  // its party-years listed without are 0, and so is that rate (a caller falls back).
  return partyHistory(
    additions,
    last.sdnParties ?? [],
    first.meta.datasetDate,
    last.meta.datasetDate,
    `Differences of ${editions.length} stored editions of the SDN List (${first.meta.datasetDate} to ${last.meta.datasetDate}), dated on each edition's date of issue.`,
  );
}

/** A party's own record as a linked wallet's hazard uses it. */
export interface PartyHazardHistory {
  /** Whether the party holds listed addresses in today's edition. */
  readonly holding: boolean;
  /** Its events of the kind its rate counts: re-additions when holding, else first additions. */
  readonly events: number;
  /** Days of the window spent in that state. */
  readonly exposureDays: number;
  /** The population's rate of such events per party and day (the prior's mean). */
  readonly populationEventsPerDay: number;
  readonly from: string;
  readonly to: string;
  readonly source: string;
}

/**
 * A listed party's own history for its hazard: a party holding addresses today counts its
 * re-additions over the days it held addresses in the window (its first addresses made it a
 * holder and are not counted); a party without addresses has had no addition in the window
 * (else it would hold some) and counts the days it was listed.
 */
export function partyHazardHistory(history: PartyHistory, party: ListedParty): PartyHazardHistory {
  const record = history.parties.find((r) => r.profileId === party.profileId);
  const holding = party.addressCount > 0;
  const p = history.population;
  const perDay = (perYear: number) => perYear / YEAR_DAYS;
  const start = later(party.listedOn ?? history.from, history.from);
  return {
    holding,
    events: holding ? (record?.events.filter((e) => e.kind === "holding").length ?? 0) : 0,
    exposureDays: holding
      ? record === undefined
        ? 0
        : daysBetween(record.heldFrom, history.to)
      : daysBetween(start, history.to),
    populationEventsPerDay: holding
      ? perDay(p.readditionsPerHoldingPartyYear)
      : perDay(p.additionsPerListedWithoutPartyYear),
    from: history.from,
    to: history.to,
    source: history.source,
  };
}
