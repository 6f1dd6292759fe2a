import { describe, expect, it } from "vitest";
import { inferColumnKind } from "./infer-column-kind.js";

const ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SHA = "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786";

describe("inferColumnKind", () => {
  it.each([
    ["address", [ETH, "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0", null], "address"],
    ["published_address", [ETH], "address"],
    ["wallet", ["0x1111111111111111111111111111111111111111"], "address"],
    ["counterparty", [ETH], "address"],
    ["dataset_sha256", [SHA], "hash"],
    ["digest", [SHA.slice(0, 40)], "hash"],
    ["entry_id", ["27307"], "identifier"],
    ["feature_ids", ["50215; 50216"], "identifier"],
    ["entry_id", [27307, 1], "identifier"],
    ["status", ["match", "clear"], "status"],
    ["screening_status", ["match", "clear"], "status"],
    ["risk_level", ["high", "low"], "status"],
    ["scenario", ["baseline", "list_rate_x0.5"], "status"],
    ["field", ["sourceUrl", "datasetPublishedAt"], "status"],
    ["future_hit_probability", [1, 0.068936, 0], "probability"],
    ["simulated_share", [0.9239, 0.0758], "probability"],
    ["p_hit", [0.5], "probability"],
    ["expected_hits_change_percent", [0, -3.3, 6.3], "percent"],
    ["risk_weighted_exposure_usd", [40000, 0.89], "money"],
    ["lift", [48.6], "ratio"],
    ["match_count", [1, 0], "count"],
    ["expected_hits", [1.073, 1], "number"],
    ["listed_on", ["2019-09-13"], "date"],
    ["published_at", ["2025-11-19T00:00:00.000Z"], "datetime"],
    ["within_budget", [true, false], "boolean"],
    ["source", ["https://ofac.treasury.gov/"], "url"],
  ] as const)("%s %j → %s", (key, values, kind) => {
    expect(inferColumnKind(key, values)).toBe(kind);
  });

  it("is conservative: unsure is text or number", () => {
    // A probability column holding a value beyond 1 is not one.
    expect(inferColumnKind("probability", [0.2, 1.5])).toBe("number");
    // An address column holding prose is prose.
    expect(inferColumnKind("address", [ETH, "withheld by the desk"])).toBe("text");
    // Lower-case words without a status key are prose (names, tickers, terms).
    expect(inferColumnKind("term", ["match", "clear"])).toBe("text");
    expect(inferColumnKind("version", ["exposure-1"])).toBe("text");
    // Mixed types, no values, only nulls.
    expect(inferColumnKind("value", [1, "a"])).toBe("text");
    expect(inferColumnKind("value", [])).toBe("text");
    expect(inferColumnKind("value", [null, ""])).toBe("text");
    // A status key with prose values.
    expect(inferColumnKind("recommendation", ["Do not proceed yet"])).toBe("text");
  });
});
