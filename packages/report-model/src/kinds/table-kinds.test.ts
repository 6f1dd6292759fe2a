import { describe, expect, it } from "vitest";
import type { ReportTable } from "../model/report.js";
import { cellKind, columnKindsOf, isFieldValueTable, rowKindsOf } from "./table-kinds.js";

const ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

describe("cellKind", () => {
  it("gives a field/value table's values the kind their field names", () => {
    const table: ReportTable = {
      key: "wallet_screening_query",
      title: "Wallet screening query",
      columns: ["field", "value"],
      rows: [
        ["Address (as supplied)", ETH],
        ["Status", "match"],
        ["Match count", 1],
      ],
    };
    expect(isFieldValueTable(table.columns)).toBe(true);
    expect(rowKindsOf(table)).toEqual(["address", "status", "count"]);
    expect([0, 1, 2].map((r) => cellKind(table, r, 1))).toEqual(["address", "status", "count"]);
    expect(cellKind(table, 0, 0)).toBe("text");
    // Carried kinds win: a value column named on the wire is one kind for every row.
    const named = { ...table, columnKinds: ["text", "text"] as const };
    expect(rowKindsOf(named)).toBeUndefined();
    expect(cellKind(named, 1, 1)).toBe("text");
  });

  it("shows an address, a digest or a snake_case word in a mixed column for what it is", () => {
    const table: ReportTable = {
      key: "t",
      title: "T",
      columns: ["note"],
      rows: [[ETH], ["manual_review_required"], ["plain words"], [3]],
    };
    expect(columnKindsOf(table)).toEqual(["text"]);
    expect([0, 1, 2, 3].map((r) => cellKind(table, r, 0))).toEqual([
      "address",
      "status",
      "text",
      "text",
    ]);
  });

  it("takes carried column kinds as they are", () => {
    const table: ReportTable = {
      key: "t",
      title: "T",
      columns: ["a"],
      rows: [[0.5]],
      columnKinds: ["ratio"],
    };
    expect(cellKind(table, 0, 0)).toBe("ratio");
  });
});
