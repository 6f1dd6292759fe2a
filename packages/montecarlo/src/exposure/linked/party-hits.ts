import type { RandomSource } from "../../rng/random-source.js";
import { invert } from "../conditional-hits.js";
import { truncatedPoissonBinomial } from "../truncated-poisson-binomial.js";
import type { LinkedParty, PartyRate } from "./linked-party.js";

/** A wallet linked to a party, as the hits models see it. */
interface LinkedWallet {
  /** Which group of wallets it counts in (the queue compares disjoint groups; a forecast has one). */
  readonly group: number;
  /** The probability it is hit by the list's other additions (the base model's marginal). */
  readonly background: number;
  /** The probability it is listed at one event of its party. */
  readonly theta: number;
}

/** One party and the wallets linked to it. */
export interface PartyWallets {
  readonly party: LinkedParty;
  readonly rate: PartyRate;
  readonly wallets: readonly LinkedWallet[];
}

/** Mass of a party's event count left out of its table. */
const EVENT_TAIL = 1e-12;

/**
 * P(N = n) of a party's events over h days, N negative binomial (a Gamma(α, β) rate mixing
 * Poissons): f(0) = (1 − q)^α, f(n + 1) = f(n)·q·(α + n)/(n + 1), q = h/(β + h). Tabulated
 * until the mass left is below `EVENT_TAIL`.
 */
export function eventCountPmf(
  rate: PartyRate,
  horizonDays: number,
): { pmf: Float64Array; tailMass: number } {
  // No population evidence: nothing says the party has events.
  if (!(rate.rate > 0)) return { pmf: Float64Array.of(1), tailMass: 0 };
  const q = horizonDays / (rate.rate + horizonDays);
  const f = [(1 - q) ** rate.shape];
  let cumulative = f[0] as number;
  for (let n = 0; 1 - cumulative > EVENT_TAIL && n < 100_000; n++) {
    const next = ((f[n] as number) * q * (rate.shape + n)) / (n + 1);
    f.push(next);
    cumulative += next;
  }
  return { pmf: Float64Array.from(f), tailMass: Math.max(0, 1 - cumulative) };
}

/**
 * The probability that a linked wallet is hit within h days: it escapes the list's other
 * additions (1 − background) and every event of its party, E[(1 − θ)^N] = ((1 − q)/(1 − q(1 − θ)))^α
 * (the negative binomial's generating function): exact, closed-form.
 */
export function linkedHitProbability(
  rate: PartyRate,
  horizonDays: number,
  background: number,
  theta: number,
): number {
  if (!(rate.rate > 0)) return background;
  const q = horizonDays / (rate.rate + horizonDays);
  const unlisted = Math.exp(rate.shape * (Math.log1p(-q) - Math.log1p(-q * (1 - theta))));
  return 1 - (1 - background) * unlisted;
}

/** (a ⊛ b)[k] = Σ a[i]·b[k − i]: the law of the sum of two independent counts. */
export function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] as number) + ai * (b[j] as number);
  }
  return out;
}

interface PartyTables {
  readonly events: Float64Array;
  /** CDF of the event count, for drawing it with one uniform. */
  readonly eventCdf: Float64Array;
  readonly tailMass: number;
  /** Per group, the wallets' (background, θ). */
  readonly byGroup: readonly { readonly background: Float64Array; readonly theta: Float64Array }[];
  /** Per event count, per group, the CDF of the group's hits (made on first use). */
  readonly cdfs: Map<number, readonly Float64Array[]>;
}

/**
 * The hits among wallets linked to parties. Parties are independent of one another and of the
 * list's other additions; a party's wallets share its events. Given n events of a party, its
 * wallet j is hit with probability 1 − (1 − bⱼ)(1 − θⱼ)ⁿ, independently, so a group's hits from
 * one party are Poisson-binomial given n; tables per n are cached as in `ConditionalHits`.
 */
export class LinkedHits {
  private readonly parties: readonly PartyTables[];
  private maxTail = 0;

  constructor(
    parties: readonly PartyWallets[],
    readonly groups: number,
    horizonDays: number,
  ) {
    this.parties = parties
      .filter((p) => p.wallets.length > 0)
      .map((p) => {
        const { pmf, tailMass } = eventCountPmf(p.rate, horizonDays);
        const eventCdf = new Float64Array(pmf.length);
        let c = 0;
        pmf.forEach((f, n) => {
          c += f;
          eventCdf[n] = c;
        });
        const byGroup = Array.from({ length: groups }, (_, g) => {
          const ws = p.wallets.filter((w) => w.group === g);
          return {
            background: Float64Array.from(ws.map((w) => w.background)),
            theta: Float64Array.from(ws.map((w) => w.theta)),
          };
        });
        return { events: pmf, eventCdf, tailMass, byGroup, cdfs: new Map() };
      });
  }

  /** Whether any wallet is linked (else drawing consumes no random numbers). */
  get empty(): boolean {
    return this.parties.length === 0;
  }

  private cdfsAt(party: PartyTables, n: number): readonly Float64Array[] {
    const cached = party.cdfs.get(n);
    if (cached !== undefined) return cached;
    const made = party.byGroup.map(({ background, theta }) => {
      const ps = background.map((b, j) => 1 - (1 - b) * (1 - (theta[j] as number)) ** n);
      const { pmf: cdf, tailMass } = truncatedPoissonBinomial(ps);
      if (tailMass > this.maxTail) this.maxTail = tailMass;
      for (let k = 1; k < cdf.length; k++) cdf[k] = (cdf[k] as number) + (cdf[k - 1] as number);
      return cdf;
    });
    party.cdfs.set(n, made);
    return made;
  }

  /** Adds each group's linked hits of one future to `out`: per party, its events, then its wallets. */
  draw(rng: RandomSource, out: Int32Array): void {
    for (const party of this.parties) {
      const n = invert(party.eventCdf, rng.nextFloat());
      const cdfs = this.cdfsAt(party, n);
      for (let g = 0; g < cdfs.length; g++) {
        out[g] = (out[g] as number) + invert(cdfs[g] as Float64Array, rng.nextFloat());
      }
    }
  }

  /**
   * The exact law of one group's linked hits: per party, the mixture over its event count of
   * the Poisson-binomial given n; the parties' laws convolved. `errorBound` adds the event
   * counts' tails and the tables' truncation.
   */
  exact(group = 0): { pmf: Float64Array; errorBound: number } {
    let pmf: Float64Array = Float64Array.of(1);
    let errorBound = 0;
    for (const party of this.parties) {
      let mixture = new Float64Array(1);
      party.events.forEach((f, n) => {
        const cdf = this.cdfsAt(party, n)[group] as Float64Array;
        if (cdf.length > mixture.length) {
          const grown = new Float64Array(cdf.length);
          grown.set(mixture);
          mixture = grown;
        }
        for (let k = 0; k < cdf.length; k++) {
          const p = (cdf[k] as number) - (k === 0 ? 0 : (cdf[k - 1] as number));
          mixture[k] = (mixture[k] as number) + f * p;
        }
      });
      pmf = convolve(pmf, mixture);
      errorBound += party.tailMass;
    }
    return { pmf, errorBound: errorBound + this.maxTail };
  }
}
