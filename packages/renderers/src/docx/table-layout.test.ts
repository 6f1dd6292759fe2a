import type { ReportTable, Scalar } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { CELL_PAD, fitWidths } from "./column-needs.js";
import { type DisplayTable, displayTable } from "./display-table.js";
import { monoWidth, widestWord } from "./measure.js";
import { LANDSCAPE_TEXT_WIDTH, PORTRAIT_TEXT_WIDTH, TABLE_TEXT_PT } from "./styles.js";
import {
  fieldColumnWidth,
  fieldValueLayout,
  gridLayout,
  type TableLayout,
  tableLines,
} from "./table-layout.js";

/** SDN-listed wallets of the 2025-11-19 edition, of each length a table meets. */
const ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const TRX = "TAYhjpL8pPs8T84FSM329nffQpc6jD8GBM";
const BECH32 = "bc1q4rzdtlt0uslyw86cp29sctl6ct29g9a95cuup7pn5md9ddj7xgmqpp5m73";
const XMR =
  "49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL";
const SHA256 = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
const RATIONALE =
  "Exact OFAC SDN match today (SOUTHFRONT): review first and hold any movement of funds until a reviewer disposes of it; if confirmed, a blocked-property report to OFAC is due within 10 business days.";

function table(columns: string[], rows: Scalar[][]): DisplayTable {
  const t: ReportTable = { key: "t", title: "T", columns, rows };
  return displayTable(t);
}

/** The width a grid column has for its text, in twips. */
const room = (layout: TableLayout, c: number) =>
  (layout.widths[layout.grid.indexOf(c)] ?? 0) - CELL_PAD;

/** Every header of the grid has room for its widest word: none breaks inside a word. */
function expectHeadersWhole(t: DisplayTable, layout: TableLayout) {
  layout.grid.forEach((c, i) => {
    const word = widestWord(t.labels[c] ?? "", TABLE_TEXT_PT, true);
    expect(layout.widths[i], t.labels[c]).toBeGreaterThanOrEqual(word + CELL_PAD);
  });
}

describe("fitWidths", () => {
  it("refuses minimums wider than the page, and fills the page otherwise", () => {
    expect(fitWidths([6_000, 6_000], [6_000, 6_000], [6_000, 6_000], 10_080)).toBeUndefined();
    const widths = fitWidths([500, 500], [800, 5_000], [800, 5_000], 4_000) ?? [];
    expect(widths.reduce((a, b) => a + b, 0)).toBe(4_000);
  });

  it("puts short values on one line before it widens long text", () => {
    // A label column lacking 300 twips and a prose column lacking 20,000: the label gets its
    // whole line, the prose the rest.
    const widths = fitWidths([1_000, 2_000], [1_300, 22_000], [1_300, 22_000], 6_000) ?? [];
    expect(widths).toEqual([1_300, 4_700]);
  });

  it("widens every column alike when nothing wraps any more", () => {
    const widths = fitWidths([1_000, 1_000], [1_000, 2_000], [1_000, 2_000], 6_000) ?? [];
    expect(widths).toEqual([2_000, 4_000]);
  });
});

describe("gridLayout", () => {
  it("keeps the issue's headers whole: party type, entry ID, matched entities", () => {
    const t = table(
      ["position", "entity_name", "party_type", "source_type", "entry_id", "matched_entities"],
      [[1, "Lazarus Group", "Entity", "Digital Currency Address - ETH", "27307", RATIONALE]],
    );
    expect(t.labels).toEqual([
      "Position",
      "Entity name",
      "Party type",
      "Source type",
      "Entry ID",
      "Matched entities",
    ]);
    const layout = gridLayout(t);
    expect(layout.landscape).toBe(false);
    expectHeadersWhole(t, layout);
  });

  it("gives a column of Ethereum and Tron wallets the width of the longest, in the code font", () => {
    const t = table(
      ["rank", "address", "status"],
      [
        [1, ETH, "match"],
        [2, TRX, "clear"],
      ],
    );
    const layout = gridLayout(t);
    expect(layout.landscape).toBe(false);
    expect(layout.overflow).toBeNull();
    expect(layout.spanned).toEqual([]);
    expect(layout.monoPt).toBe(8);
    expect(room(layout, 1)).toBeGreaterThanOrEqual(monoWidth(ETH.length, layout.monoPt));
    expect(layout.right).toEqual([true, false, false]);
  });

  it("gives a Monero wallet among Ethereum ones a row of its own, wide enough for it", () => {
    const t = table(
      ["rank", "address", "label", "probability", "exposure_usd", "within_budget", "position"],
      [
        [1, XMR, "Counterparty 1048", null, 250_000, true, 9],
        [2, ETH, "Counterparty 1042", 0.0152, 40_000, true, 3],
        [3, TRX, "Counterparty 1057", 0.0097, 900, false, 18],
      ],
    );
    const layout = gridLayout(t);
    expect(layout.landscape).toBe(false);
    expect(layout.spanned).toEqual([]);
    expect(layout.overflow?.column).toBe(1);
    expect([...(layout.overflow?.rows ?? [])]).toEqual([0]);
    // The Ethereum address fits its column; the Monero one the width from its column rightwards.
    expect(room(layout, 1)).toBeGreaterThanOrEqual(monoWidth(ETH.length, layout.monoPt));
    const at = layout.grid.indexOf(1);
    const right = layout.widths.slice(at).reduce((a, b) => a + b, 0) - CELL_PAD;
    expect(right).toBeGreaterThanOrEqual(monoWidth(XMR.length, layout.overflow?.monoPt ?? 0));
    expectHeadersWhole(t, layout);
  });

  it("gives every address a full-width row when the rationale beside it needs the page", () => {
    const t = table(
      ["rank", "address", "screening_status", "rationale"],
      [XMR, BECH32, ETH, TRX].map((a, i) => [i + 1, a, "match", RATIONALE]),
    );
    const layout = gridLayout(t);
    expect(layout.landscape).toBe(false);
    expect(layout.spanned).toEqual([1]);
    expect(layout.grid).toEqual([0, 2, 3]);
    expect(PORTRAIT_TEXT_WIDTH - CELL_PAD).toBeGreaterThanOrEqual(
      monoWidth(XMR.length, layout.spanMonoPt),
    );
    // The rationale takes the width the address left.
    expect(room(layout, 3)).toBeGreaterThan(PORTRAIT_TEXT_WIDTH * 0.7);
  });

  it("turns to a landscape page only when the columns cannot fit a portrait one", () => {
    const instants = Array.from({ length: 6 }, (_, i) => `observed_at_${i}`);
    const wide = table(instants, [instants.map(() => "2025-11-19T09:00:00Z")]);
    const layout = gridLayout(wide);
    expect(layout.landscape).toBe(true);
    expect(layout.widths.reduce((a, b) => a + b, 0)).toBe(LANDSCAPE_TEXT_WIDTH);
    const narrow = table(instants.slice(0, 4), [instants.slice(0, 4).map(() => "2025-11-19")]);
    expect(gridLayout(narrow).landscape).toBe(false);
  });
});

describe("field/value tables", () => {
  const scope = table(
    ["field", "value"],
    [
      ["Source format", "SDN Advanced XML"],
      ["Dataset SHA-256", SHA256],
      ["Embedded sample (not the OFAC list)", false],
    ],
  );
  const query = table(
    ["field", "value"],
    [
      ["Address (as supplied)", XMR],
      ["Normalized address", ETH],
    ],
  );

  it("share one label column, as wide as the longest label", () => {
    const width = fieldColumnWidth([scope, query]);
    expect(width).toBe(fieldColumnWidth([query, scope]));
    expect(width).toBeGreaterThanOrEqual(widestWord("Embedded", TABLE_TEXT_PT) + CELL_PAD);
    expect(width).toBeLessThanOrEqual(PORTRAIT_TEXT_WIDTH * 0.4);
    for (const t of [scope, query]) {
      expect(fieldValueLayout(t, width).widths).toEqual([width, PORTRAIT_TEXT_WIDTH - width]);
    }
  });

  it("show a digest whole in the value column, and a Monero wallet under its label", () => {
    const width = fieldColumnWidth([scope, query]);
    const s = fieldValueLayout(scope, width);
    expect(s.spanRows.size).toBe(0);
    expect(PORTRAIT_TEXT_WIDTH - width - CELL_PAD).toBeGreaterThanOrEqual(
      monoWidth(SHA256.length, s.monoPt),
    );
    const q = fieldValueLayout(query, width);
    expect([...q.spanRows]).toEqual([0]);
    expect(PORTRAIT_TEXT_WIDTH - CELL_PAD).toBeGreaterThanOrEqual(
      monoWidth(XMR.length, q.spanMonoPt),
    );
  });
});

describe("tableLines", () => {
  it("counts a wrapped rationale's lines and the rows of their own", () => {
    const t = table(["rank", "address", "status", "rationale"], [[1, XMR, "match", RATIONALE]]);
    const layout = gridLayout(t);
    const lines = tableLines(t, layout);
    expect(lines).toBeGreaterThanOrEqual(2);
    expect(lines).toBeLessThanOrEqual(5);
  });
});
