import { percent } from "../exposure/format.js";
import type { QueueObjective } from "../inputs/queue-input.js";
import type { RankedItem } from "./rank-items.js";

export interface RationaleContext {
  readonly rank: number;
  readonly naiveRank: number;
  readonly within: boolean;
  readonly horizonDays: number;
  readonly objective: QueueObjective;
}

const usd = (x: number): string =>
  `$${x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0)}`;

/** What raised or lowered the item's hazard, in words. */
function drivers(r: RankedItem): string {
  const { item } = r;
  const parts = [`${item.relationship_tier} tier`, `${usd(item.exposure_usd)} exposure`];
  if (item.last_activity_days !== undefined)
    parts.push(`active ${item.last_activity_days} days ago`);
  if (item.transaction_count_30d !== undefined) {
    parts.push(`${item.transaction_count_30d} transactions in 30 days`);
  }
  if (item.policy_priority !== undefined) parts.push(`policy priority ${item.policy_priority}`);
  const link = r.wallet.link;
  if (link !== null) {
    parts.push(
      `linked to ${link.party.name ?? "SDN List entry"} (${link.party.entryId}), listed with it`,
    );
  }
  return parts.join(", ");
}

function movement(c: RationaleContext): string {
  if (c.naiveRank === c.rank) return "";
  return c.naiveRank > c.rank
    ? ` Moved up from position ${c.naiveRank} of the current queue.`
    : ` Moved down from position ${c.naiveRank} of the current queue.`;
}

/** A sentence a reviewer can act on: why the item is where it is, and what to do. */
export function rationale(r: RankedItem, c: RationaleContext): string {
  const w = r.wallet;
  if (w.status === "match") {
    const who = w.entities.length > 0 ? ` (${w.entities.join(", ")})` : "";
    return `Exact OFAC SDN match today${who}: review first and hold any movement of funds until a reviewer disposes of it; if confirmed, a blocked-property report to OFAC is due within 10 business days.${movement(c)}`;
  }
  const near =
    w.near.length === 0
      ? ""
      : `Not on the list, but near ${w.near.length === 1 ? "a listed address" : "listed addresses"}: ${w.near.join("; ")}; compare before relying on the clear result. `;
  const chance = `${percent(w.futureHitProbability)} chance of an exact OFAC match within ${c.horizonDays} days`;
  const multiple = `${w.hazard.multiplier.toFixed(1)}× a standard wallet: ${drivers(r)}`;
  const risk =
    c.objective === "minimize_residual_risk"
      ? `; expected sanctioned exposure ${usd(r.riskWeightedExposure)}`
      : "";
  if (!c.within) {
    return `${near}Beyond this window's budget, for the next window: ${chance} (${multiple})${risk}.${movement(c)}`;
  }
  return `${near}Review in this window: ${chance} (${multiple})${risk}.${movement(c)}`;
}
