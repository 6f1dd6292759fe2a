import type { EventProcess } from "../../growth/list-growth-model.js";
import { marginalHitProbability } from "../marginal-hit-probability.js";
import type { AssessedWallet } from "../portfolio.js";
import { linkProbability } from "./linked-party.js";
import { linkedHitProbability } from "./party-hits.js";

/** The linked wallets' share of a variation's figures (see `linkedOutlook`). */
export interface LinkedOutlook {
  /** Σ P(hit) over the linked wallets. */
  readonly expected: number;
  /** ln P(no linked wallet is hit). */
  readonly logNone: number;
}

/**
 * The linked wallets under a variation of the model, closed-form: each wallet's P(hit) with its
 * varied hazard (`hazardOf`, for the list's other additions) and multiplier (`multiplierOf`, for
 * θⱼ), and ln P(none is hit) = Σⱼ ln(1 − bⱼ) + Σ_parties α·ln((1 − q)/(1 − q·Πⱼ(1 − θⱼ))): the
 * negative binomial's generating function at the product of its wallets' escapes. `rateScale`
 * scales the parties' event rates as it scales the list's.
 */
export function linkedOutlook(
  wallets: readonly AssessedWallet[],
  process: EventProcess | null,
  horizonDays: number,
  hazardOf: (w: AssessedWallet) => number,
  multiplierOf: (w: AssessedWallet) => number,
  rateScale = 1,
): LinkedOutlook {
  let expected = 0;
  let logNone = 0;
  const escapes = new Map<string, { rate: { shape: number; rate: number }; logZ: number }>();
  for (const w of wallets) {
    if (w.status !== "clear" || w.link === null) continue;
    const b = marginalHitProbability(process, horizonDays, hazardOf(w), rateScale);
    const theta = linkProbability(multiplierOf(w));
    const rate = { shape: w.link.rate.shape, rate: w.link.rate.rate / rateScale };
    expected += linkedHitProbability(rate, horizonDays, b, theta);
    logNone += Math.log1p(-b);
    const party = escapes.get(w.link.party.profileId) ?? { rate, logZ: 0 };
    escapes.set(w.link.party.profileId, { rate, logZ: party.logZ + Math.log1p(-theta) });
  }
  for (const { rate, logZ } of escapes.values()) {
    if (!(rate.rate > 0)) continue;
    const q = horizonDays / (rate.rate + horizonDays);
    logNone += rate.shape * (Math.log1p(-q) - Math.log1p(-q * Math.exp(logZ)));
  }
  return { expected, logNone };
}
