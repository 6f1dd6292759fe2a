import { beforeAll, describe, expect, it } from "vitest";
import { COMPARISON_OPERATORS } from "../../exact/poisson-binomial.js";
import { InputError } from "../../inputs/input-error.js";
import { optimizeQueue } from "../../queue/optimize-queue.js";
import { Xoshiro128StarStar } from "../../rng/xoshiro128.js";
import { address, randomMetadata, sampleContext } from "../../test-support/portfolios.js";
import { forecastExposure } from "../forecast.js";
import type { ExposureContext } from "../portfolio.js";
import { LINK_PROBABILITY, type LinkedParty, linkProbability, partyRate } from "./linked-party.js";
import { eventCountPmf, linkedHitProbability } from "./party-hits.js";

/** Two parties as the service's lookup gives them: one holding addresses, one listed without. */
const PARTIES: Record<string, LinkedParty> = {
  "100": {
    profileId: "100",
    entryId: "100",
    name: "Holding Party",
    listedAddresses: 12,
    history: {
      events: 2,
      exposureDays: 1000,
      populationEventsPerDay: 0.098 / 365.25,
      from: "2022-09-03",
      to: "2025-11-19",
      source: "test",
    },
  },
  "200": {
    profileId: "200",
    entryId: "201",
    name: null,
    listedAddresses: 0,
    history: {
      events: 0,
      exposureDays: 1173,
      populationEventsPerDay: 8.9e-5 / 365.25,
      from: "2022-09-03",
      to: "2025-11-19",
      source: "test",
    },
  },
};
const lookup = (id: string) =>
  PARTIES[id] ?? Object.values(PARTIES).find((p) => p.entryId === id) ?? null;

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = { ...(await sampleContext()), linkedParty: lookup };
});

describe("a wallet linked to a party", () => {
  it("takes the party's Gamma posterior: the population prior updated with its own events", () => {
    const rate = partyRate(PARTIES["100"] as LinkedParty);
    expect(rate.shape).toBe(3);
    expect(rate.rate).toBeCloseTo(365.25 / 0.098 + 1000, 6);
    expect(linkProbability(1)).toBeCloseTo(LINK_PROBABILITY, 12);
    expect(linkProbability(4)).toBeLessThan(1);
    expect(linkProbability(0.5)).toBeLessThan(LINK_PROBABILITY);
    const { pmf, tailMass } = eventCountPmf(rate, 365);
    const mean = pmf.reduce((s, p, n) => s + n * p, 0);
    expect(tailMass).toBeLessThan(1e-11);
    expect(mean).toBeCloseTo((rate.shape / rate.rate) * 365, 9);
  });

  it("gets a higher probability than the same wallet unlinked, for either kind of party", () => {
    const body = (link?: string) => ({
      addresses: [address(1)],
      address_metadata: [{ address: address(1), ...(link && { linked_sdn_entry: link }) }],
      horizon_days: 180,
    });
    const unlinked = forecastExposure(body(), ctx).per_wallet[0];
    for (const id of ["100", "201"]) {
      const linked = forecastExposure(body(id), ctx).per_wallet[0];
      expect(linked?.future_hit_probability).toBeGreaterThan(
        unlinked?.future_hit_probability as number,
      );
      expect(linked?.hazard_source).toBe("linked_party");
      expect(linked?.linked_party?.profile_id).toBe(id === "100" ? "100" : "200");
    }
    expect(unlinked?.hazard_source).toBe("base_hazard");
    expect(unlinked?.linked_party).toBeNull();
  });

  it("is named in the report's per-wallet table, a column shown only when a wallet is linked", () => {
    const body = (link?: string) => ({
      addresses: [address(1)],
      address_metadata: [{ address: address(1), ...(link && { linked_sdn_entry: link }) }],
      horizon_days: 180,
    });
    const columnsOf = (id?: string) =>
      forecastExposure(body(id), ctx).report.tables?.per_wallet_exposure?.columns ?? [];
    expect(columnsOf()).not.toContain("linked_party");
    const linked = forecastExposure(body("100"), ctx).report.tables?.per_wallet_exposure;
    expect(linked?.columns).toContain("linked_party");
    expect(linked?.rows[0]?.linked_party).toBe("Holding Party (SDN entry 100)");
  });

  it("is listed together with the other wallets of its party: P(both) > P(one)·P(other)", () => {
    const request = {
      addresses: [address(1), address(2)],
      address_metadata: [
        { address: address(1), linked_sdn_entry: "100" },
        { address: address(2), linked_sdn_entry: "100" },
      ],
      horizon_days: 365,
      target: { operator: ">=" as const, k: 2 },
      iterations: 50_000,
    };
    const f = forecastExposure(request, ctx);
    const [a, b] = f.per_wallet.map((w) => w.future_hit_probability) as [number, number];
    expect(f.exact.target_probability).toBeGreaterThan(1.5 * a * b);
    expect(Math.abs(f.target.probability - f.exact.target_probability)).toBeLessThanOrEqual(
      4 * f.target.standard_error,
    );
    // Each wallet's marginal is the closed form; the law's mean is their sum.
    const w = f.per_wallet[0];
    const rate = partyRate(PARTIES["100"] as LinkedParty);
    expect(a).toBeGreaterThan(linkedHitProbability(rate, 365, 0, LINK_PROBABILITY));
    expect(w?.linked_party?.listing_probability_per_event).toBeCloseTo(LINK_PROBABILITY, 12);
    expect(f.exact.expected_hits).toBeCloseTo(a + b, 6);
  });

  it("keeps the Monte Carlo within 4 standard errors of the exact model with linked wallets", () => {
    const rng = Xoshiro128StarStar.fromSeed(1818);
    for (let c = 0; c < 40; c++) {
      const n = 2 + Math.floor(rng.nextFloat() * 30);
      const addresses = Array.from({ length: n }, (_, i) => address(i + 1));
      const ids = ["100", "201", undefined];
      const address_metadata = addresses.map((a) => {
        const id = ids[Math.floor(rng.nextFloat() * 3)];
        return { ...randomMetadata(rng, a), ...(id && { linked_sdn_entry: id }) };
      });
      const f = forecastExposure(
        {
          addresses,
          address_metadata,
          horizon_days: 30 + Math.floor(rng.nextFloat() * 335),
          iterations: 5000,
          target: {
            operator: COMPARISON_OPERATORS[Math.floor(rng.nextFloat() * 5)] as ">=",
            k: Math.floor(rng.nextFloat() * 4),
          },
        },
        ctx,
      );
      const { probability, standard_error, exact } = f.target;
      expect(
        Math.abs(probability - exact),
        `case ${c}: ${probability} vs ${exact}`,
      ).toBeLessThanOrEqual(Math.max(4 * standard_error, 1 / 5000));
      expect(f.exact.error_bound).toBeLessThan(1e-5);
      const sum = f.per_wallet.reduce((s, w) => s + w.future_hit_probability, 0);
      expect(f.exact.expected_hits).toBeCloseTo(sum, 5);
    }
  });

  it("enters the sensitivity table: its baseline row is the exact model's", () => {
    const f = forecastExposure(
      {
        addresses: [address(1), address(2), address(3)],
        address_metadata: [
          { address: address(1), linked_sdn_entry: "100", relationship_tier: "high" as const },
          { address: address(2), linked_sdn_entry: "100" },
          { address: address(3), linked_sdn_entry: "201" },
        ],
        horizon_days: 365,
      },
      ctx,
    );
    const baseline = f.sensitivity.find((r) => r.scenario === "baseline");
    expect(baseline?.expected_hits).toBeCloseTo(f.exact.expected_hits, 6);
    expect(baseline?.probability_of_new_hit).toBeCloseTo(f.exact.target_probability, 6);
    const slower = f.sensitivity.find((r) => r.scenario === "list_rate_x0.5");
    expect(slower?.expected_hits).toBeLessThan(baseline?.expected_hits as number);
  });

  it("refuses an id the list does not know, with its path", () => {
    const request = {
      addresses: [address(1), address(2)],
      address_metadata: [
        { address: address(1) },
        { address: address(2), linked_sdn_entry: "999999" },
      ],
    };
    const err = (() => {
      try {
        forecastExposure(request, ctx);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).code).toBe("INVALID_INPUT");
    expect((err as InputError).issues[0]?.path).toBe("address_metadata[1].linked_sdn_entry");
    // Without a lookup no link can be checked: refused too.
    const { linkedParty: _, ...withoutLookup } = ctx;
    expect(() =>
      forecastExposure(
        { ...request, address_metadata: [{ address: address(1), linked_sdn_entry: "100" }] },
        withoutLookup,
      ),
    ).toThrow(InputError);
    // Digits only, as a string.
    for (const bad of [100, "", "12a", "1234567890123"]) {
      expect(() =>
        forecastExposure(
          {
            addresses: [address(1)],
            address_metadata: [{ address: address(1), linked_sdn_entry: bad }],
          },
          ctx,
        ),
      ).toThrow(/linked_sdn_entry must be a string of 1 to 12 digits/);
    }
  });

  it("ranks linked review items by the same probabilities, correlated across the groups", () => {
    const items = [1, 2, 3, 4].map((i) => ({
      address: address(i),
      exposure_usd: 1000,
      relationship_tier: "standard" as const,
      current_queue_position: i,
      ...(i >= 3 && { linked_sdn_entry: "100" }),
    }));
    const q = optimizeQueue({ review_items: items, review_budget: 2, horizon_days: 180 }, ctx);
    expect(q.review_queue.slice(0, 2).map((r) => r.address)).toEqual([address(3), address(4)]);
    expect(q.review_queue[0]?.linked_party?.name).toBe("Holding Party");
    expect(q.review_queue[3]?.linked_party).toBeNull();
    const f = forecastExposure(
      {
        addresses: [address(3)],
        address_metadata: [
          {
            address: address(3),
            exposure_usd: 1000,
            relationship_tier: "standard" as const,
            linked_sdn_entry: "100",
          },
        ],
        horizon_days: 180,
      },
      ctx,
    );
    expect(q.review_queue[0]?.future_hit_probability).toBeCloseTo(
      f.per_wallet[0]?.future_hit_probability as number,
      12,
    );
    const paired = q.comparison.probability_optimized_catches_more.probability;
    expect(paired).toBeGreaterThan(0);
    expect(
      Math.abs(q.optimized.simulated_mean_caught_hits - q.optimized.expected_caught_hits),
    ).toBeLessThan(0.02);
  });
});
