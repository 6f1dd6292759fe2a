/**
 * A wallet the caller links to a party on the SDN List (`linked_sdn_entry`: clustering, an
 * investigation) takes a hazard from that party: the party's addition events form a Poisson
 * process with a Gamma rate, and at each event the wallet is listed with probability θ. The
 * caller's lookup (`ExposureContext.linkedParty`) supplies the party and its history.
 */

/** A linked party as the caller's lookup describes it (the service reads @svc/ofac-index). */
export interface LinkedParty {
  readonly profileId: string;
  readonly entryId: string;
  /** The primary name, when known (the list records names for parties holding addresses). */
  readonly name: string | null;
  /** Distinct listed addresses of the party today; 0 for a party listed without any. */
  readonly listedAddresses: number;
  /** The party's own record in a list history, with the population's rate for its kind. */
  readonly history: {
    /**
     * Its events of the kind the rate counts: re-additions (more addresses for a party holding
     * some), or first additions for a party listed without addresses (none in the history).
     */
    readonly events: number;
    /** Days of the history the party spent in that state. */
    readonly exposureDays: number;
    /** The population's rate of such events per party and day: the prior's mean. */
    readonly populationEventsPerDay: number;
    readonly from: string;
    readonly to: string;
    readonly source: string;
  };
}

/** The lookup the caller passes: a party by entry or profile id, or null when unknown. */
export type LinkedPartyLookup = (id: string) => LinkedParty | null;

/**
 * The prior's weight, in events: Gamma(1, 1/r̄) has the population's rate r̄ as its mean and is
 * as sure of it as one observed event would make it. For a party holding addresses (r̄ ≈ 0.1 a
 * year) that is ~10 party-years of pseudo-exposure beside its own ~3 years of history: its own
 * events move the rate, without one lucky quiet stretch zeroing it.
 */
export const PARTY_PRIOR_EVENTS = 1;

/**
 * θ: the probability that a standard linked wallet is among the addresses one event of its
 * party adds. An assumption, documented in the README ("Linked wallets"): the population
 * evidence (a party holding addresses gains ~0.64 addresses a year, ~86× what the base hazard
 * gives a standard wallet) would need θ ≈ 6.5 (the mean addresses per re-addition event) to
 * give one wallet that rate, but a wallet is listed at most once per event, so θ ≤ 1 binds. We
 * take even odds: a standard linked wallet of a typical party holding addresses then has ~0.05
 * a year, ~6.6× a standard unlinked wallet.
 */
export const LINK_PROBABILITY = 0.5;

/** A party's event rate per day, Gamma(shape, rate) (rate in days). */
export interface PartyRate {
  readonly shape: number;
  readonly rate: number;
}

/**
 * The posterior of a party's event rate: the population prior updated with its own record.
 * Without population evidence (a rate of 0) the party is given no events (rate 0: see
 * `eventCountPmf`).
 */
export function partyRate(party: LinkedParty, priorEvents = PARTY_PRIOR_EVENTS): PartyRate {
  const h = party.history;
  if (!(h.populationEventsPerDay > 0)) return { shape: priorEvents + h.events, rate: 0 };
  return {
    shape: priorEvents + h.events,
    rate: priorEvents / h.populationEventsPerDay + h.exposureDays,
  };
}

/** The posterior mean of a party's events per year. */
export const partyEventsPerYear = (rate: PartyRate): number =>
  rate.rate > 0 ? (365.25 * rate.shape) / rate.rate : 0;

/**
 * θⱼ, the probability that wallet j is listed at one event of its party: 1 − (1 − θ)^mⱼ with mⱼ
 * its metadata multiplier (as for the base hazard): θ for a standard wallet, about θ·mⱼ while
 * that is small, and below 1 however large mⱼ (the cap).
 */
export const linkProbability = (multiplier: number, theta = LINK_PROBABILITY): number =>
  -Math.expm1(multiplier * Math.log1p(-theta));
