import { beforeAll, describe, expect, it } from "vitest";
import { isOfacIndexError, type OfacIndexErrorCode } from "../errors/ofac-index-error.js";
import { SdnIndex } from "../index/sdn-index.js";
import type { Edition } from "../model/types.js";
import { sampleIndex } from "../test-support/editions.js";
import { checkNewEdition, latestAcceptableDate } from "./edition-checks.js";

const NOW = new Date("2026-01-01T12:00:00.000Z");
const PROVENANCE = { sourceUrl: "file:///x.xml", refreshedAt: NOW.toISOString(), sample: false };

let sample: Edition;
let held: SdnIndex;
beforeAll(async () => {
  sample = (await sampleIndex()).edition;
  held = variant({});
});

/**
 * The sample's designations as another edition (its own SHA-256: the sample's would flag it as
 * the sample), with another date or fewer designations.
 */
function variant(change: { date?: string; keep?: number }): SdnIndex {
  return SdnIndex.fromEdition(
    {
      ...sample,
      meta: {
        ...sample.meta,
        datasetDate: change.date ?? sample.meta.datasetDate,
        datasetSha256: "e".repeat(64),
      },
      designations: sample.designations.slice(0, change.keep ?? sample.designations.length),
    },
    PROVENANCE,
  );
}

function refusal(run: () => void): OfacIndexErrorCode | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    if (isOfacIndexError(err)) return err.code;
    throw err;
  }
}

describe("checkNewEdition", () => {
  it("accepts a first edition, and the same edition again", () => {
    expect(refusal(() => checkNewEdition(variant({}), undefined, NOW))).toBeUndefined();
    expect(refusal(() => checkNewEdition(variant({}), held, NOW))).toBeUndefined();
  });

  it("refuses an empty edition, even with nothing held", () => {
    expect(refusal(() => checkNewEdition(variant({ keep: 0 }), undefined, NOW))).toBe("EMPTY_LIST");
  });

  it("refuses an edition dated more than a day after the clock, a day is allowed", () => {
    expect(refusal(() => checkNewEdition(variant({ date: "2026-01-03" }), undefined, NOW))).toBe(
      "FUTURE_EDITION",
    );
    expect(
      refusal(() => checkNewEdition(variant({ date: "2026-01-02" }), undefined, NOW)),
    ).toBeUndefined();
  });

  it("refuses an edition older than the held one, unless the held one is the sample", () => {
    const older = variant({ date: "2000-01-01" });
    expect(refusal(() => checkNewEdition(older, held, NOW))).toBe("OLDER_EDITION");
    const sample = held.withProvenance({ ...held.provenance, sample: true });
    expect(refusal(() => checkNewEdition(older, sample, NOW))).toBeUndefined();
  });

  it("refuses an edition that lost more than maxShrink of the held pairs", () => {
    const half = variant({ keep: Math.floor(held.designations.length / 2) });
    expect(refusal(() => checkNewEdition(half, held, NOW))).toBe("LIST_SHRANK");
    expect(refusal(() => checkNewEdition(half, held, NOW, 0.9))).toBeUndefined();
  });
});

describe("latestAcceptableDate", () => {
  it("is one day past the clock", () => {
    expect(latestAcceptableDate(NOW)).toBe("2026-01-02");
  });
});
