import type { SdnIndex } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import type { ExposureContext } from "../exposure/portfolio.js";
import { RELATIONSHIP_TIERS } from "../inputs/fields.js";
import type { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { syntheticHistory } from "./growth-fixtures.js";

export const address = (i: number): string => `0x${i.toString(16).padStart(40, "0")}`;

/** Random wallet metadata covering every member and tier. */
export function randomMetadata(rng: Xoshiro128StarStar, addr: string) {
  return {
    address: addr,
    relationship_tier: RELATIONSHIP_TIERS[Math.floor(rng.nextFloat() * 4)] as "low",
    exposure_usd: Math.round(10 ** (rng.nextFloat() * 7)),
    last_activity_days: Math.floor(rng.nextFloat() * 400),
    transaction_count_30d: Math.floor(rng.nextFloat() * 200),
    policy_priority: Math.floor(rng.nextFloat() * 11),
  };
}

/** Two addresses the embedded sample edition lists (Lazarus Group's ETH address among them). */
export const LISTED = [
  "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
  "0xa0e1c89Ef1a489c9C7dE96311eD5Ce5D32c20E4B",
];

/** Screening through a real index, as the service wires it. */
export const screenWith = (index: SdnIndex) => (a: string, asset: string | undefined) => {
  const r = index.screen(a, asset === undefined ? {} : { asset });
  return { status: r.summary.status, entities: r.matches.map((m) => m.entityName) };
};

let sample: Promise<SdnIndex> | undefined;

/** A context on the embedded sample edition and the synthetic history. */
export async function sampleContext(): Promise<ExposureContext> {
  sample ??= loadSample(new Date("2026-01-01T00:00:00Z"));
  return { screen: screenWith(await sample), history: syntheticHistory() };
}
