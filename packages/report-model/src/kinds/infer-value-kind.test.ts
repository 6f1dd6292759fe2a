import { describe, expect, it } from "vitest";
import { inferValueKind } from "./infer-value-kind.js";

describe("inferValueKind (a metric, or a field/value row)", () => {
  it.each([
    ["Workflow status", "manual_review_required", null, "status"],
    ["Status", "match", null, "status"],
    ["Model confidence", "high", null, "status"],
    ["Match count", 1, null, "count"],
    ["Expected hits", 1.08, null, "number"],
    ["P(hits >= 2)", 7.61, "%", "percent"],
    ["Metadata coverage", 33.3, "%", "percent"],
    ["Expected recall (%)", 99.9, null, "percent"],
    ["Probability of a new hit", 0.07, null, "probability"],
    ["Expected residual risk (USD)", 40000, null, "money"],
    ["Fee", 0.25, "USDC", "money"],
    ["Lift", 12.3, "×", "ratio"],
    ["Total screened", 3, "wallets", "count"],
    ["seed", 3176005130638753, null, "identifier"],
    ["Manual review recommended", true, null, "boolean"],
    ["List edition", "2025-11-19", null, "date"],
    ["Dataset published at", "2025-11-19T00:00:00.000Z", null, "datetime"],
    [
      "Dataset SHA-256",
      "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786",
      null,
      "hash",
    ],
    ["Address (as supplied)", "0x098B716B8Aaf21512996dC57EB0615e2383E2f96", null, "address"],
    ["Reference ID", "CASE-2026-0142", null, "identifier"],
    ["history_basis", "snapshot_diff", null, "status"],
    ["Source", "https://sanctionslistservice.ofac.treas.gov/", null, "url"],
  ] as const)("%s = %j %s → %s", (label, value, unit, kind) => {
    expect(inferValueKind(label, value, unit)).toBe(kind);
  });

  it("is conservative: unsure is text or number", () => {
    expect(inferValueKind("Address format", "evm")).toBe("text");
    expect(inferValueKind("model_version", "exposure-1")).toBe("text");
    expect(inferValueKind("Decision", "Pause: manual review required")).toBe("text");
    expect(inferValueKind("Probability", 4.2)).toBe("number");
    expect(inferValueKind("Anything", null)).toBe("text");
  });
});
