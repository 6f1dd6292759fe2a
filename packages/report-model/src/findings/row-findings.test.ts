import { describe, expect, it } from "vitest";
import { rowFindings } from "./row-findings.js";

describe("rowFindings", () => {
  it("flags a match by its status and a near match by its near-match column", () => {
    const table = {
      columns: ["position", "address", "status", "near_match"],
      rows: [
        [1, "0xabc", "match", ""],
        [2, "0xdef", "clear", "Lazarus Group (one character changed)"],
        [3, "0x123", "clear", ""],
      ],
    };
    expect(rowFindings(table)).toEqual(["match", "near-match", undefined]);
  });

  it("reads statuses as words whatever their case, and counts of near matches", () => {
    const table = {
      columns: ["screening_status", "near_match_count"],
      rows: [
        ["OFAC_MATCH", 0],
        ["Clear", 2],
        ["clear", 0],
        ["matches pending", null],
      ],
    };
    expect(rowFindings(table)).toEqual(["match", "near-match", undefined, undefined]);
  });

  it("flags nothing in a table without a status or near-match column", () => {
    const table = { columns: ["term", "definition"], rows: [["match", "an exact match"]] };
    expect(rowFindings(table)).toEqual([undefined]);
  });
});
