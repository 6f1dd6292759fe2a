import { beforeAll, describe, expect, it } from "vitest";
import { isOfacIndexError } from "../errors/ofac-index-error.js";
import { SdnIndex } from "../index/sdn-index.js";
import { sampleIndex } from "../test-support/editions.js";
import { freshnessOf, freshnessRulesOf, refuseIfStale } from "./list-freshness.js";

const NOW = new Date("2026-01-03T02:00:00.000Z");
const RULES = freshnessRulesOf({});

let index: SdnIndex;
beforeAll(async () => {
  // The sample's designations as another edition (the sample's SHA-256 would flag it).
  const { edition, provenance } = await sampleIndex();
  index = SdnIndex.fromEdition(
    { ...edition, meta: { ...edition.meta, datasetSha256: "e".repeat(64) } },
    { ...provenance, refreshedAt: "2026-01-01T00:00:00.000Z", sample: false },
  );
});

describe("freshnessOf", () => {
  it("ages from the last confirmation: past 48 hours the list is stale, and the notice says so", () => {
    const checkedAt = "2026-01-01T00:00:00.000Z";
    const f = freshnessOf(index, { last: undefined, checkedAt, now: NOW }, RULES);
    expect(f).toMatchObject({
      lastSuccessfulCheckAt: checkedAt,
      ageHours: 50,
      stale: true,
      staleAfterHours: 48,
    });
    expect(f.notice).toContain("not been confirmed current for 50 hours (limit 48)");
  });

  it("without a confirmation, ages from the edition's refreshedAt; within the limit, not stale", () => {
    const f = freshnessOf(
      index,
      { last: undefined, checkedAt: undefined, now: NOW },
      freshnessRulesOf({ staleAfterHours: 72 }),
    );
    expect(f).toMatchObject({ lastSuccessfulCheckAt: index.provenance.refreshedAt, stale: false });
    expect(f.notice).toBeUndefined();
  });

  it("the sample is never stale and has no check time", async () => {
    const sample = await sampleIndex();
    const f = freshnessOf(sample, { last: undefined, checkedAt: undefined, now: NOW }, RULES);
    expect(f).toMatchObject({ lastSuccessfulCheckAt: null, stale: false, ageHours: 50 });
  });
});

describe("refuseIfStale", () => {
  it("throws LIST_STALE on a stale list only when the rules refuse it", () => {
    const state = { last: undefined, checkedAt: "2026-01-01T00:00:00.000Z", now: NOW };
    const stale = freshnessOf(index, state, RULES);
    expect(() => refuseIfStale(index, stale, RULES)).not.toThrow();
    const refusing = freshnessRulesOf({ failWhenStale: true });
    let code: string | undefined;
    try {
      refuseIfStale(index, stale, refusing);
    } catch (err) {
      code = isOfacIndexError(err) ? err.code : "other";
    }
    expect(code).toBe("LIST_STALE");
  });
});
