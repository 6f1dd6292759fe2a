import type { ReportTable, Scalar } from "@svc/report-model";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { reportWith } from "../test-support/sample-reports.js";
import { renderDocx } from "./render-docx.js";

const ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const XMR =
  "49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL";

/** The rows of the last table of the document of `tables`, as their XML. */
async function lastTableRows(...tables: ReportTable[]): Promise<string[]> {
  const doc = await renderDocx(reportWith({ tables }));
  const zip = await JSZip.loadAsync(doc.bytes);
  const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
  const last = [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].at(-1)?.[1] ?? "";
  return [...last.matchAll(/<w:tr(?:\s[^>]*)?>([\s\S]*?)<\/w:tr>/g)].map((m) => m[1] ?? "");
}

const keeps = (row: string) => row.includes("<w:keepNext/>");

function numbers(n: number): ReportTable {
  return {
    key: "numbers",
    title: "Numbers",
    columns: ["position", "name"],
    rows: Array.from({ length: n }, (_, i): Scalar[] => [i + 1, `Counterparty ${i + 1}`]),
  };
}

describe("buildTable: rows and pages", () => {
  it("marks the header row to repeat on every page, and no row to break across pages", async () => {
    const rows = await lastTableRows(numbers(30));
    expect(rows[0]).toContain("<w:tblHeader/>");
    for (const row of rows.slice(1)) expect(row).not.toContain("<w:tblHeader/>");
    for (const row of rows) expect(row).toContain("<w:cantSplit/>");
  });

  it("keeps a short table whole on one page: every row with the next but the last", async () => {
    const rows = await lastTableRows(numbers(5));
    // The header's paragraphs keep with the first row through their style (Table Heading).
    expect(rows.slice(1).map(keeps)).toEqual([true, true, true, true, false]);
  });

  it("keeps a long table's header with its first rows and its last two rows together", async () => {
    const rows = await lastTableRows(numbers(30));
    const kept = rows
      .slice(1)
      .map((row, i) => (keeps(row) ? i + 1 : 0))
      .filter((i) => i > 0);
    // Rows 1 and 2 keep with the next (the header, rows 1–3 on one page); row 29 with row 30.
    expect(kept).toEqual([1, 2, 29]);
  });

  it("gives a Monero wallet a row of its own beside its rank, the rest of the record below", async () => {
    const rows = await lastTableRows({
      key: "queue",
      title: "Queue",
      columns: ["rank", "address", "label", "exposure_usd", "within_budget", "position"],
      rows: [
        [1, XMR, "Counterparty 1048", 250_000, true, 9],
        [2, ETH, "Counterparty 1042", 40_000, true, 3],
      ],
    });
    expect(rows).toHaveLength(1 + 2 + 1);
    const [, own, rest, plain] = rows as [string, string, string, string];
    // The rank, merged down over the record's two rows; the address across the other 5 columns.
    expect(own).toContain('<w:vMerge w:val="restart"/>');
    expect(own).toContain('<w:gridSpan w:val="5"/>');
    expect(own).toContain(`>${XMR}</w:t>`);
    expect(own).toContain('w:val="TableCode"');
    expect(keeps(own)).toBe(true);
    expect(rest).toContain('<w:vMerge w:val="continue"/>');
    expect(rest).toContain(">Counterparty 1048</w:t>");
    expect(rest).not.toContain(XMR);
    // The Ethereum wallet fits its column: one row.
    expect(plain).toContain(`>${ETH}</w:t>`);
    expect(plain).not.toContain("<w:gridSpan");
  });
});
