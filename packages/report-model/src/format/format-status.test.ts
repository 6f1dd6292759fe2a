import { describe, expect, it } from "vitest";
import { formatStatus } from "./format-status.js";

describe("formatStatus", () => {
  it.each([
    ["manual_review_required", "Manual review required"],
    ["screening_complete_no_exact_match", "Screening complete no exact match"],
    ["match", "Match"],
    ["clear", "Clear"],
    ["high", "High"],
    ["ofac_match", "OFAC match"],
    ["list_rate_x0.5", "List rate x0.5"],
    ["snapshot_diff", "Snapshot diff"],
    ["datasetPublishedAt", "Dataset published at"],
  ])("%s → %s", (word, shown) => {
    expect(formatStatus(word)).toBe(shown);
  });

  it("returns what is not an enum word as it is", () => {
    for (const s of ["Lazarus Group", "ETH", "Pause: manual review", "", "DPRK3", "McDonald"])
      expect(formatStatus(s)).toBe(s);
  });
});
