import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Report, type ReportTable, SAMPLE_EDITION_BANNER } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineArtifact, type RenderedDocument } from "../artifact/artifact.js";
import { RenderError } from "../errors/render-error.js";
import {
  eddMemoReport,
  NON_LATIN_NAMES,
  onSampleEdition,
  onStaleList,
  STALE_WARNING,
  tableReport,
} from "../test-support/sample-reports.js";
import { renderPdf } from "./render-pdf.js";

// Real readers only: every assertion reads the PDF back with poppler-utils (pdftotext, pdfinfo,
// pdffonts, pdfimages), as a reviewer's tools would.

const dir = mkdtempSync(join(tmpdir(), "render-pdf-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(name: string, doc: RenderedDocument): string {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, doc.bytes);
  return path;
}

function run(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** `pdftotext -layout` of a page range (all pages by default). */
function text(path: string, first?: number, last?: number): string {
  const range = first === undefined ? [] : ["-f", String(first), "-l", String(last ?? first)];
  return run("pdftotext", ["-layout", "-enc", "UTF-8", ...range, path, "-"]);
}

/** `pdftotext -raw`: content-stream order, so a cell's lines follow one another. */
function rawText(path: string): string {
  return run("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"]);
}

function pageCount(path: string): number {
  const m = /^Pages:\s+(\d+)$/m.exec(run("pdfinfo", [path]));
  return Number(m?.[1]);
}

interface FontRow {
  readonly name: string;
  readonly emb: string;
  readonly sub: string;
}

function fonts(path: string): FontRow[] {
  return run("pdffonts", [path])
    .split("\n")
    .slice(2)
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type… encoding emb sub uni object-id generation
      return { name: cols[0] as string, emb: cols.at(-5) as string, sub: cols.at(-4) as string };
    });
}

/** Words on a page with their boxes (`pdftotext -bbox`). */
function words(path: string, page: number): { text: string; yMin: number; yMax: number }[] {
  const html = run("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), path, "-"]);
  return [
    ...html.matchAll(
      /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ yMin: Number(m[1]), yMax: Number(m[2]), text: m[3] as string }));
}

const MONERO =
  "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge";

/** Variant B style: sections with paragraphs, bullets and a table holding a Monero address. */
function legacyReport(): Report {
  const cluster: ReportTable = {
    key: "cluster",
    title: "Cluster",
    columns: ["address", "asset", "first_seen", "hops", "exposure_usd", "note"],
    rows: [
      [MONERO, "XMR", "2025-01-03", 2, 1234567.891, "desk"],
      ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "ETH", "2024-05-10", 1, 950.5, null],
    ],
  };
  return {
    variant: "B",
    meta: {
      title: "Legacy memo",
      subtitle: null,
      reportType: "ofac-wallet-screening",
      author: null,
      date: "2026-11-20",
      version: null,
    },
    summary: ["Summary paragraph."],
    metrics: [],
    sections: [
      {
        heading: "Findings",
        paragraphs: ["One paragraph of findings."],
        bullets: ["First bullet.", `Address under review: ${MONERO}`],
        table: cluster,
      },
    ],
    tables: [],
    charts: [],
    workbook: [],
    degradations: [],
  };
}

/** Drops the bidi controls pdftotext wraps right-to-left runs in (U+202A–E, U+2066–9, marks). */
function stripBidiControls(s: string): string {
  return s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
}

describe("renderPdf", () => {
  let edd: RenderedDocument;
  let eddPath: string;
  let big: RenderedDocument;
  let bigPath: string;
  let legacyPath: string;

  beforeAll(async () => {
    edd = await renderPdf(eddMemoReport(100));
    eddPath = save("edd", edd);
    big = await renderPdf(tableReport(1000));
    bigPath = save("big", big);
    legacyPath = save("legacy", await renderPdf(legacyReport()));
  });

  it("prints the title block, summary, metric labels and values", () => {
    const t = text(eddPath, 1);
    expect(t).toContain("Enhanced Due Diligence Memo - Карасавиди / 颜");
    expect(t).toContain("OFAC SDN digital-currency-address screening");
    expect(t).toContain("ENHANCED DUE DILIGENCE");
    for (const label of ["PREPARED BY", "Compliance Desk", "2026-11-22", "1.0"]) {
      expect(t).toContain(label);
    }
    expect(t).toContain("Executive summary");
    expect(t).toContain("15 of 100 wallets match OFAC SDN");
    for (const label of [
      "Workflow status",
      "Total screened",
      "Match count",
      "Manual review required",
    ]) {
      expect(t).toContain(label);
    }
    expect(t).toContain("wallets"); // the unit under "100"
    expect(t).toMatch(/\bYes\b/);
  });

  it("prints every table with its title, header cells and cell values", () => {
    const t = text(eddPath);
    for (const title of ["Case metadata", "Screening results", "Required follow up"]) {
      expect(t).toContain(title);
    }
    // Headers are the model's labels, values its formats (`formatCell`).
    expect(t).toMatch(/#\s+Address\s+Asset\s+Status\s+Entity\s+Exposure USD/);
    expect(t).toContain("0x098B716B8Aaf21512996dC57EB0615e2383E2f96");
    expect(t).toContain("1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY");
    // Row 2: exposure 7919, row 3: 15838 (money, as the model formats it).
    expect(t).toMatch(/\b2\s+0x0+9e3779b1\s+ETH\s+Clear\s+Гамбашидзе Илья Андреевич\s+\$7,919\.00/);
    expect(t).toContain("15,838");
    expect(t).toContain("EDD-2026-0042");
  });

  it("shows the workbook sheets in an appendix, without a word about workbooks", () => {
    const t = text(eddPath);
    expect(t).toMatch(/^Appendix A — Screening export$/m);
    expect(t).not.toMatch(/workbook/i);
    expect(t).toContain("Screening export");
  });

  it("draws the charts as vector graphics with their text", () => {
    const t = text(eddPath, 1);
    expect(t).toContain("Screening outcome by asset");
    expect(t).toContain("Expected hits by horizon (days)");
    // No raster image anywhere: pdfimages lists a header and a rule only.
    const images = run("pdfimages", ["-list", eddPath]).trim().split("\n");
    expect(images).toHaveLength(2);
  });

  it("round-trips every non-Latin name through pdftotext", () => {
    const t = text(eddPath);
    for (const name of NON_LATIN_NAMES) {
      if (/\p{Script=Arabic}/u.test(name)) continue;
      // Cyrillic, Han and Hangul come back exactly, character for character.
      expect(t).toContain(name);
    }
    // The Arabic (Persian) name comes back in logical order and as the original letters (no
    // presentation forms), but pdftotext wraps right-to-left runs in bidi embedding controls
    // (U+202B … U+202C). Those are dropped before comparing; NFKC would also fold any
    // presentation forms back, should a poppler version emit them.
    const arabic = NON_LATIN_NAMES.find((n) => /\p{Script=Arabic}/u.test(n)) as string;
    expect(t).toContain("\u202b");
    expect(stripBidiControls(t).normalize("NFKC")).toContain(arabic.normalize("NFKC"));
    expect(stripBidiControls(t)).toContain(arabic);
  });

  it("splits a 1,000-row table into a sensible number of pages", () => {
    const pages = pageCount(bigPath);
    expect(pages).toBeGreaterThanOrEqual(20);
    expect(pages).toBeLessThanOrEqual(30);
    const all = text(bigPath);
    for (const row of ["1", "500", "1,000"]) {
      expect(all).toMatch(new RegExp(`^\\s*${row}\\s+\\S`, "m"));
    }
  });

  it("repeats the header row on every page of a long table, and numbers every page", () => {
    const pages = pageCount(bigPath);
    for (let p = 1; p <= pages; p++) {
      const t = text(bigPath, p);
      const headers = t.match(/#\s+Entity\s+Value 2\s+Value 3\s+Value 4/g) ?? [];
      expect(headers, `page ${p}`).toHaveLength(1);
      expect(t, `page ${p}`).toContain(`Page ${p} of ${pages}`);
      if (p > 1) expect(t).toContain("Rows (continued)");
    }
  });

  it("keeps every page's content clear of the footer", () => {
    for (const [path, pages] of [
      [bigPath, pageCount(bigPath)],
      [eddPath, pageCount(eddPath)],
      [legacyPath, pageCount(legacyPath)],
    ] as const) {
      for (let p = 1; p <= pages; p++) {
        const ws = words(path, p);
        const footer = ws.find((w) => w.text === "Page") as { yMin: number };
        expect(footer).toBeDefined();
        const body = ws.filter((w) => w.yMax < footer.yMin - 1 || w.yMin > footer.yMin + 1);
        for (const w of body)
          expect(w.yMax, `${path} page ${p}: ${w.text}`).toBeLessThan(footer.yMin - 4);
      }
    }
  });

  it("never breaks a long address: whole on one printed line in the bullet and in the table", () => {
    const lines = text(legacyPath).split("\n");
    expect(lines.filter((l) => l.includes(MONERO))).toHaveLength(2);
    expect(lines.some((l) => l.includes("0x098B716B8Aaf21512996dC57EB0615e2383E2f96"))).toBe(true);
  });

  it("prints legacy sections: headings, paragraphs, bullets and the section table", () => {
    const t = text(legacyPath);
    expect(t).toContain("Findings");
    expect(t).toContain("One paragraph of findings.");
    expect(t).toMatch(/•\s+First bullet\./);
    // The Monero address is too wide to share a row: it stands whole on a line of its own above
    // its row's other cells; the Ethereum one fits its column.
    expect(t).toMatch(/Address\s+Asset\s+First seen\s+Hops\s+Exposure USD\s+Note/);
    expect(t).toMatch(/^\s*0x098B716B8Aaf21512996dC57EB0615e2383E2f96\s+ETH\s+2024-05-10/m);
    expect(t).toMatch(new RegExp(`^\\s*${MONERO}\\n\\s*XMR\\s+2025-01-03`, "m"));
    expect(t).toContain("$1,234,567.89");
    expect(t).toContain("$950.50");
  });

  it("embeds subsets of its fonts and no standard font", () => {
    for (const path of [eddPath, bigPath, legacyPath]) {
      const list = fonts(path);
      expect(list.length).toBeGreaterThan(0);
      for (const f of list) {
        expect(f.emb, f.name).toBe("yes");
        expect(f.sub, f.name).toBe("yes");
        expect(f.name).not.toMatch(/Helvetica|Times|Courier/);
      }
    }
    const names = fonts(eddPath).map((f) => f.name);
    expect(names.some((n) => n.endsWith("+DejaVuSans"))).toBe(true);
    expect(names.some((n) => n.endsWith("+DejaVuSans-Bold"))).toBe(true);
    expect(names.some((n) => n.includes("NotoSansSC"))).toBe(true);
    expect(names.some((n) => n.includes("NotoSansKR"))).toBe(true);
  });

  it("reports characters no font covers as a degradation and prints U+FFFD", async () => {
    const base = tableReport(3);
    const report: Report = {
      ...base,
      summary: ["Counterparty flagged 🦄 by the desk."],
      tables: [{ ...(base.tables[0] as ReportTable), rows: [[1, "desk 🦄", 2, 3, 4]] }],
    };
    const doc = await renderPdf(report);
    expect(doc.artifactSummary.degraded).toBe(true);
    expect(doc.artifactSummary.degradationReason).toContain("U+1F984");
    expect(doc.degradations).toEqual([
      expect.objectContaining({ path: "summary[0]", reason: expect.stringContaining("U+FFFD") }),
    ]);
    const path = save("emoji", doc);
    const t = text(path);
    expect(t).toContain("Counterparty flagged \uFFFD by the desk.");
    expect(t).toContain("desk \uFFFD");
    for (const f of fonts(path)) expect(f.emb).toBe("yes");
  });

  it("is not degraded when every character is covered", () => {
    expect(edd.artifactSummary.degraded).toBe(false);
    expect(big.degradations).toEqual([]);
  });

  it("refuses an oversized report with REPORT_TOO_LARGE before rendering", async () => {
    const report = tableReport(20_000);
    const error = await renderPdf(report).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe("REPORT_TOO_LARGE");
    // Refused up front: no layout work (rendering 20,000 rows would take seconds).
  });

  it("describes the artifact: base64 of the bytes, .pdf name, PDF mime type", () => {
    const artifact = inlineArtifact(edd);
    expect(Buffer.from(artifact.contentBase64, "base64").equals(Buffer.from(edd.bytes))).toBe(true);
    expect(Buffer.from(edd.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(edd.fileName).toMatch(/\.pdf$/);
    expect(edd.fileName).toBe("enhanced-due-diligence-memo-2026-11-22.pdf");
    expect(edd.mimeType).toBe("application/pdf");
    expect(artifact.type).toBe("pdf");
    expect(artifact.sizeBytes).toBe(edd.bytes.byteLength);
    expect(edd.artifactSummary.documentType).toBe("pdf");
    expect(edd.artifactSummary.engine).toBe("@react-pdf/renderer 4.9.0");
  });

  it("sets the document info from the report meta", () => {
    const info = run("pdfinfo", ["-enc", "UTF-8", eddPath]);
    expect(info).toMatch(/^Title:\s+Enhanced Due Diligence Memo - Карасавиди \/ 颜 晓兵$/m);
    expect(info).toMatch(/^Author:\s+Compliance Desk$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });
});

describe("renderPdf: a report built on the sample edition", () => {
  let tablePath: string;
  let memoPath: string;

  beforeAll(async () => {
    tablePath = save("sample-table", await renderPdf(onSampleEdition(tableReport(120))));
    memoPath = save("sample-memo", await renderPdf(onSampleEdition(eddMemoReport(100))));
  });

  it("says SAMPLE EDITION — NOT THE OFAC LIST on every page", () => {
    expect(SAMPLE_EDITION_BANNER).toBe("SAMPLE EDITION — NOT THE OFAC LIST");
    for (const path of [tablePath, memoPath]) {
      const pages = pageCount(path);
      expect(pages, path).toBeGreaterThanOrEqual(3);
      for (let p = 1; p <= pages; p++) {
        const t = text(path, p);
        expect(t, `${path} page ${p}`).toContain("SAMPLE EDITION — NOT THE OFAC LIST");
        expect(t.split("SAMPLE EDITION").length - 1, `${path} page ${p}`).toBe(1);
        expect(t, `${path} page ${p}`).toContain(`Page ${p} of ${pages}`);
      }
    }
  });

  it("prints it in a strip above everything else on the page, clear of content and footer", () => {
    const banner = new Set(["SAMPLE", "EDITION", "—", "NOT", "THE", "OFAC", "LIST"]);
    for (const path of [tablePath, memoPath]) {
      for (let p = 1; p <= pageCount(path); p++) {
        const ws = words(path, p);
        const strip = ws.filter((w) => w.yMax < 16 && banner.has(w.text));
        expect(strip.map((w) => w.text).join(" "), `${path} page ${p}`).toBe(
          "SAMPLE EDITION — NOT THE OFAC LIST",
        );
        const rest = ws.filter((w) => !strip.includes(w));
        // Everything else (title band text, running header, content, footer) starts below it.
        for (const w of rest) {
          expect(w.yMin, `${path} page ${p}: ${w.text}`).toBeGreaterThan(
            Math.max(...strip.map((s) => s.yMax)) + 4,
          );
        }
        // And the content still ends above the footer.
        const footer = rest.find((w) => w.text === "Page") as { yMin: number };
        expect(footer).toBeDefined();
        for (const w of rest.filter((x) => x.yMax < footer.yMin - 1)) {
          expect(w.yMax, `${path} page ${p}: ${w.text}`).toBeLessThan(footer.yMin - 4);
        }
      }
    }
  });

  it("leaves the rest of the document as it was: same pages, same text", async () => {
    const plainPath = save("plain-memo", await renderPdf(eddMemoReport(100)));
    expect(pageCount(memoPath)).toBe(pageCount(plainPath));
    const flat = (s: string) => s.replace(SAMPLE_EDITION_BANNER, " ").split(/\s+/).join(" ");
    const flagged = rawText(memoPath).split("\f");
    const plain = rawText(plainPath).split("\f");
    flagged.forEach((page, i) => {
      expect(flat(page), `page ${i + 1}`).toBe(flat(plain[i] ?? ""));
    });
  });

  it("is absent from a report without the flag", async () => {
    const path = save("unflagged", await renderPdf(tableReport(120)));
    expect(text(path)).not.toContain("SAMPLE EDITION");
    expect(text(path)).not.toContain("NOT THE OFAC LIST");
  });
});

describe("renderPdf: a report built on a stale list", () => {
  const flat = (s: string) => s.replace(/\s+/g, " ");

  it("prints the warning on page 1, between the title band and the meta strip", async () => {
    const path = save("stale-memo", await renderPdf(onStaleList(eddMemoReport(100))));
    expect(pageCount(path)).toBeGreaterThanOrEqual(2);
    expect(flat(text(path, 1))).toContain(STALE_WARNING);
    // Said once, where the reader starts: not on later pages.
    expect(text(path, 2)).not.toContain("STALE LIST");
    const w = words(path, 1);
    const find = (t: string) => w.find((x) => x.text === t) as { yMin: number; yMax: number };
    const stale = find("STALE");
    const title = find("Enhanced");
    const meta = find("PREPARED");
    expect(stale).toBeDefined();
    expect(stale.yMin).toBeGreaterThan(title.yMax);
    const last = w.find((x) => x.text === "missing.") as { yMax: number };
    expect(last.yMax).toBeLessThan(meta.yMin);
  });

  it("leaves a report without it unchanged", async () => {
    const path = save("not-stale", await renderPdf(eddMemoReport(100)));
    expect(text(path)).not.toContain("STALE LIST");
  });
});

describe("renderPdf: labels, values and values kept whole", () => {
  const SHA = "36c517bd264d8d97cf353add8d8447d5eb293505a8ce07271a5bc258c3117a1f".slice(0, 64);
  const rationale =
    "Exact OFAC SDN match today: review first and hold any movement of funds until a reviewer disposes of it; if confirmed, a blocked-property report to OFAC is due within 10 business days.";
  /** A review queue as the optimizer reports it: twenty items, a Monero address among them. */
  function queueReport(): Report {
    const queue: ReportTable = {
      key: "review_queue",
      title: "Review queue",
      columns: ["rank", "address", "screening_status", "rationale"],
      rows: Array.from({ length: 20 }, (_, i) => [
        i + 1,
        i === 0 ? MONERO : `0x${String(i).padStart(40, "0")}`,
        i < 4 ? "match" : "clear",
        rationale,
      ]),
    };
    const detail: ReportTable = {
      key: "queue_detail",
      title: "Queue detail",
      columns: [
        "rank",
        "address",
        "label",
        "future_hit_probability",
        "exposure_usd",
        "within_budget",
        "naive_rank",
      ],
      rows: Array.from({ length: 20 }, (_, i) => [
        i + 1,
        i === 0 ? MONERO : `0x${String(i).padStart(40, "0")}`,
        `Counterparty ${1040 + i}`,
        i < 4 ? 1 : 0.001 * (i + 1),
        250_000 / (i + 1),
        i < 6,
        20 - i,
      ]),
    };
    const source: ReportTable = {
      key: "source_freshness",
      title: "Source freshness",
      columns: ["field", "value"],
      rows: [
        ["Dataset SHA-256", SHA],
        ["Distinct addresses", 745],
      ],
    };
    return {
      variant: "A",
      meta: {
        title: "Queue",
        subtitle: null,
        reportType: "compliance-review-queue-optimizer",
        author: null,
        date: null,
        version: null,
      },
      summary: [`Screened ${MONERO} and 19 more wallets against the list.`],
      metrics: [
        { label: "Workflow status", value: "manual_review_required", unit: null, kind: "status" },
      ],
      sections: [],
      tables: [queue, detail, source],
      charts: [],
      workbook: [],
      degradations: [],
    };
  }
  let path = "";
  beforeAll(async () => {
    path = save("queue", await renderPdf(queueReport()));
  });

  it("takes every header and value from the report model: no snake_case word is printed", () => {
    const t = text(path);
    expect(t).toMatch(/Rank\s+Screening\s/);
    expect(t).toContain("Manual review required");
    expect(t).toContain("COMPLIANCE REVIEW QUEUE OPTIMIZER");
    expect(t).toContain("$250,000.00");
    expect(t).not.toMatch(/[a-z]+_[a-z]+|\b[a-z]+_\s|\s_[a-z]+/);
  });

  it("prints every address and the digest whole on one line, in DejaVu Sans Mono", () => {
    const lines = text(path).split("\n");
    // The summary, the queue, the detail: each has the Monero address whole on a line.
    expect(lines.filter((l) => l.includes(MONERO))).toHaveLength(3);
    expect(lines.some((l) => l.includes(SHA))).toBe(true);
    for (let i = 1; i < 20; i++) {
      const address = `0x${String(i).padStart(40, "0")}`;
      expect(
        lines.filter((l) => l.includes(address)),
        address,
      ).toHaveLength(2);
    }
    expect(fonts(path).some((f) => f.name.endsWith("DejaVuSansMono"))).toBe(true);
  });

  it("gives the prose room: twenty items with long rationales fit on at most 4 pages", () => {
    expect(pageCount(path)).toBeLessThanOrEqual(4);
  });
});
