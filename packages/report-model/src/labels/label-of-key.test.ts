import { describe, expect, it } from "vitest";
import { labelOfKey } from "./label-of-key.js";

describe("labelOfKey", () => {
  it.each([
    ["sdn_entry_id", "SDN entry ID"],
    ["feature_ids", "Feature IDs"],
    ["dataset_sha256", "Dataset SHA-256"],
    ["sha256", "SHA-256"],
    ["amount_usd", "Amount USD"],
    ["ofac_status", "OFAC status"],
    ["edd_case", "EDD case"],
    ["p50_hits", "P50 hits"],
    ["p90", "P90"],
    ["id", "ID"],
    ["source_url", "Source URL"],
    ["party_type", "Party type"],
    ["matched_entities", "Matched entities"],
    ["entityName", "Entity name"],
    ["datasetPublishedAt", "Dataset published at"],
    ["queue-optimizer", "Queue optimizer"],
    ["column_3", "Column 3"],
    ["ETH", "ETH"],
    ["address", "Address"],
  ])("%s → %s", (key, label) => {
    expect(labelOfKey(key)).toBe(label);
  });

  it("leaves text that is already a label as it is", () => {
    expect(labelOfKey("Match count")).toBe("Match count");
    expect(labelOfKey("P(hits >= 2)")).toBe("P(hits >= 2)");
    expect(labelOfKey("  Entry ID ")).toBe("Entry ID");
    expect(labelOfKey("")).toBe("");
  });

  it("never leaves a snake_case token", () => {
    for (const key of ["a_b", "manual_review_required", "risk_weighted_exposure_usd"])
      expect(labelOfKey(key)).not.toMatch(/_/);
  });
});
