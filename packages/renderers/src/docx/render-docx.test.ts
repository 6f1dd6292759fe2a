import {
  columnLabelsOf,
  formatCell,
  formatMetric,
  type Report,
  type ReportTable,
  SAMPLE_EDITION_BANNER,
} from "@svc/report-model";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineArtifact, MIME_TYPES, type RenderedDocument } from "../artifact/artifact.js";
import { DOCX_ENGINE } from "../engines.js";
import { RenderError } from "../errors/render-error.js";
import {
  eddMemoReport,
  NON_LATIN_NAMES,
  onSampleEdition,
  onStaleList,
  STALE_WARNING,
  tableReport,
} from "../test-support/sample-reports.js";
import { CHART_WIDTH, renderDocx } from "./render-docx.js";
import { LANDSCAPE_TEXT_WIDTH, PORTRAIT_TEXT_WIDTH } from "./styles.js";

// ---------------------------------------------------------------------------------------------
// A small reader for the WordprocessingML that docx writes (no nested tables, no mc:AlternateContent
// around text): enough to check styles, texts, tables and fields without a DOM.
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Whether every element of `xml` is closed in order (a well-formedness check without a parser). */
function balanced(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClosing] = m;
    if (selfClosing === "/") continue;
    if (close === "/") {
      if (stack.pop() !== name) return false;
    } else stack.push(name ?? "");
  }
  return stack.length === 0;
}

interface Para {
  readonly xml: string;
  readonly style: string | null;
  readonly text: string;
}

function paragraphs(xml: string): Para[] {
  return [...xml.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>/g)].map((m) => {
    const inner = m[1] ?? "";
    const style = /<w:pStyle w:val="([^"]*)"\/>/.exec(inner)?.[1] ?? null;
    // A date's hyphens are non-breaking (`w:noBreakHyphen`): they read as "-".
    const text = [...inner.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:noBreakHyphen\/>/g)]
      .map((t) => (t[1] === undefined ? "-" : unescapeXml(t[1])))
      .join("");
    return { xml: inner, style, text };
  });
}

function tables(xml: string): string[] {
  return [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map((m) => m[1] ?? "");
}

function rows(tableXml: string): string[] {
  return [...tableXml.matchAll(/<w:tr(?:\s[^>]*)?>([\s\S]*?)<\/w:tr>/g)].map((m) => m[1] ?? "");
}

function cells(rowXml: string): string[] {
  return [...rowXml.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((m) =>
    paragraphs(m[1] ?? "")
      .map((p) => p.text)
      .join("\n"),
  );
}

function gridWidths(tableXml: string): number[] {
  return [...tableXml.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
}

interface Unpacked {
  readonly zip: JSZip;
  readonly document: string;
  readonly paragraphs: Para[];
  readonly tables: string[];
  text(path: string): Promise<string>;
}

async function unpack(doc: RenderedDocument): Promise<Unpacked> {
  const zip = await JSZip.loadAsync(doc.bytes);
  const text = async (path: string): Promise<string> => {
    const file = zip.file(path);
    if (file === null) throw new Error(`${path} is missing from the DOCX`);
    return file.async("string");
  };
  const document = await text("word/document.xml");
  return { zip, document, paragraphs: paragraphs(document), tables: tables(document), text };
}

function styled(u: Unpacked, style: string): string[] {
  return u.paragraphs.filter((p) => p.style === style).map((p) => p.text);
}

function tableUnder(u: Unpacked, title: string): string {
  const at = u.document.indexOf(`>${title}</w:t>`);
  expect(at, `heading "${title}"`).toBeGreaterThan(-1);
  const start = u.document.indexOf("<w:tbl>", at);
  const end = u.document.indexOf("</w:tbl>", start);
  return u.document.slice(start, end);
}

/**
 * `report` with a table too wide for a portrait page: six columns of instants, each of which is
 * never broken ("2025-11-19 00:00:00 UTC"), need more than its 7 in.
 */
function withWideTable(report: Report): Report {
  const columns = Array.from({ length: 6 }, (_, i) => `observed_at_${i + 1}`);
  const wide: ReportTable = {
    key: "observations",
    title: "Observations",
    columns,
    rows: Array.from({ length: 3 }, (_, r) =>
      columns.map((_, c) => `2025-11-${String(10 + r + c).padStart(2, "0")}T00:00:00Z`),
    ),
  };
  return { ...report, tables: [...report.tables, wide] };
}

// ---------------------------------------------------------------------------------------------

describe("renderDocx: the EDD memo", () => {
  const report = eddMemoReport(100);
  let doc: RenderedDocument;
  let u: Unpacked;

  beforeAll(async () => {
    doc = await renderDocx(report);
    u = await unpack(doc);
  });

  it("describes the file: .docx name, Word MIME type, base64 that round-trips", () => {
    const artifact = inlineArtifact(doc);
    expect(doc.fileName).toMatch(/\.docx$/);
    expect(doc.fileName).toBe(artifact.name);
    expect(doc.mimeType).toBe(MIME_TYPES.docx);
    expect(doc.mimeType).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(artifact.type).toBe("docx");
    expect(artifact.sizeBytes).toBe(doc.bytes.byteLength);
    const decoded = Buffer.from(artifact.contentBase64, "base64");
    expect(decoded.equals(Buffer.from(doc.bytes))).toBe(true);
    expect([...doc.bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip
    expect(doc.artifactSummary.engine).toBe(DOCX_ENGINE);
    expect(doc.artifactSummary.degraded).toBe(false);
    expect(doc.degradations).toEqual([]);
  });

  it("writes well-formed XML parts", async () => {
    const parts = Object.keys(u.zip.files).filter((p) => p.endsWith(".xml") || p.endsWith(".rels"));
    expect(parts).toEqual(
      expect.arrayContaining(["word/document.xml", "word/styles.xml", "word/numbering.xml"]),
    );
    for (const path of parts) expect(balanced(await u.text(path)), path).toBe(true);
  });

  it("has the title (Title style), the subtitle and the title block", () => {
    expect(styled(u, "Title")).toEqual([report.meta.title]);
    expect(styled(u, "Subtitle")).toEqual([report.meta.subtitle]);
    const block = u.tables[0] ?? "";
    const [head, values] = rows(block);
    // In the PDF's order: author, date, version, type.
    expect(cells(head ?? "")).toEqual(["Prepared by", "Date", "Version", "Report type"]);
    // The report's type in words; the author and date the report gives, never a dash for them.
    expect(cells(values ?? "")).toEqual([
      "Compliance Desk",
      "2026-11-22",
      "1.0",
      "Enhanced due diligence",
    ]);
  });

  it("shows in the title block only what the report gives: no dash for a missing version or author", async () => {
    const bare = { ...report, meta: { ...report.meta, author: null, version: null } };
    const [head, values] = rows((await unpack(await renderDocx(bare))).tables[0] ?? "");
    expect(cells(head ?? "")).toEqual(["Date", "Report type"]);
    expect(cells(values ?? "")).toEqual(["2026-11-22", "Enhanced due diligence"]);
  });

  it("keeps a date on one line: its hyphens are non-breaking", () => {
    const dated = u.paragraphs.find((p) => p.text.includes("2026-11-22"));
    expect(dated?.xml).toContain("<w:noBreakHyphen/>");
    expect(dated?.xml).not.toMatch(/<w:t(?:\s[^>]*)?>[^<]*\d{4}-\d{2}-\d{2}/);
  });

  it("has Heading 1 and Heading 2 paragraphs with the report's texts", () => {
    expect(styled(u, "Heading1")).toEqual([
      "Executive summary",
      "Headline metrics",
      "Details",
      "Charts",
      "Appendix A \u2014 Screening export",
    ]);
    expect(styled(u, "Heading2")).toEqual([
      "Case metadata",
      "Screening results",
      "Required follow up",
    ]);
    const body = u.paragraphs.map((p) => p.text);
    for (const s of report.summary) expect(body).toContain(s);
  });

  it("gives every table a bold, shaded header row that repeats on each page", async () => {
    // title block, metrics, 3 tables, 1 workbook sheet
    expect(u.tables).toHaveLength(6);
    for (const t of u.tables) {
      const [head, ...rest] = rows(t);
      expect(head).toContain("<w:tblHeader/>");
      expect(head).toMatch(/<w:shd [^>]*w:fill="DCE3EE"/);
      for (const p of paragraphs(head ?? "")) expect(p.style).toMatch(/^TableHeading(Number)?$/);
      for (const r of rest) expect(r).not.toContain("<w:tblHeader/>");
      expect(t).toContain("<w:tblBorders>");
      expect(t).toContain('<w:tblLayout w:type="fixed"/>');
    }
    const styles = await u.text("word/styles.xml");
    const heading = /<w:style [^>]*w:styleId="TableHeading"[\s\S]*?<\/w:style>/.exec(styles)?.[0];
    expect(heading).toContain("<w:b/>");
    const number = /<w:style [^>]*w:styleId="TableNumber"[\s\S]*?<\/w:style>/.exec(styles)?.[0];
    expect(number).toContain('<w:jc w:val="right"/>');
  });

  it("headline metrics: each label and its value as the model formats it, unit included", () => {
    const t = tableUnder(u, "Headline metrics");
    const [head, ...body] = rows(t).map(cells);
    expect(head).toEqual(["Metric", "Value"]);
    expect(body).toEqual(report.metrics.map((m) => [m.label, formatMetric(m)]));
    expect(body.map((r) => r[1])).toEqual(["Manual review required", "100 wallets", "15", "Yes"]);
    // A field/value table: its values left-aligned under each other, numbers too.
    expect(t).not.toContain('<w:pStyle w:val="TableNumber"/>');
  });

  it("table cells come back as the model labels and formats them: addresses, numbers, names", () => {
    const results = report.tables.find((t) => t.key === "screening_results") as ReportTable;
    const t = tableUnder(u, "Screening results");
    const [head, ...body] = rows(t).map(cells);
    expect(head).toEqual(columnLabelsOf(results));
    expect(head).toEqual(["#", "Address", "Asset", "Status", "Entity", "Exposure USD"]);
    expect(body).toEqual(results.rows.map((r, i) => r.map((_, c) => formatCell(results, i, c))));
    expect(body[0]?.[1]).toBe("0x098B716B8Aaf21512996dC57EB0615e2383E2f96");
    expect(body[0]?.[3]).toBe("Match");
    const all = u.tables.flatMap((x) => rows(x).flatMap(cells));
    for (const name of NON_LATIN_NAMES) expect(all).toContain(name);
    // numbers are right-aligned (a paragraph style with w:jc="right"), addresses in the code
    // font, text left-aligned
    const second = rows(t)[2] ?? "";
    expect(second.match(/w:val="TableNumber"/g)).toHaveLength(2); // "#" and exposure_usd
    expect(second.match(/w:val="TableCode"/g)).toHaveLength(1);
    expect(second.match(/w:val="TableText"/g)).toHaveLength(3);
  });

  it("lays Arabic-script cells out right-to-left", () => {
    const arabic = u.paragraphs.filter((p) => p.text === "خطیبی عقدا احمد");
    expect(arabic.length).toBeGreaterThan(1);
    for (const p of arabic) {
      expect(p.xml).toContain("<w:bidi/>");
      expect(p.xml).toContain("<w:rtl/>");
    }
    const cyrillic = u.paragraphs.find((p) => p.text === "КАРАСАВИДИ Дмитрий");
    expect(cyrillic?.xml).not.toContain("<w:rtl/>");
  });

  it("names fonts for Latin/Cyrillic, CJK/Hangul and Arabic in the document defaults", async () => {
    const styles = await u.text("word/styles.xml");
    const defaults = /<w:docDefaults>[\s\S]*?<\/w:docDefaults>/.exec(styles)?.[0] ?? "";
    expect(defaults).toMatch(/<w:rFonts [^>]*w:ascii="Calibri"/);
    expect(defaults).toMatch(/<w:rFonts [^>]*w:eastAsia="Noto Sans CJK SC"/);
    expect(defaults).toMatch(/<w:rFonts [^>]*w:cs="Arial"/);
  });

  it("fits every table across a portrait page: one section, no page break of orientation", () => {
    for (const t of u.tables) {
      expect(gridWidths(t).reduce((a, b) => a + b, 0)).toBe(PORTRAIT_TEXT_WIDTH);
    }
    const sections = [...u.document.matchAll(/<w:sectPr>[\s\S]*?<\/w:sectPr>/g)];
    expect(sections).toHaveLength(1);
    expect(sections[0]?.[0]).toMatch(/w:orient="portrait"/);
  });

  it("prints on A4, as the PDFs and the workbooks do (210 × 297 mm: 11,906 × 16,838 twips)", async () => {
    const wide = await unpack(await renderDocx(withWideTable(report)));
    const sizes = [...wide.document.matchAll(/<w:pgSz [^>]*\/>/g)].map((m) => m[0]);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) {
      const w = Number(/w:w="(\d+)"/.exec(size)?.[1]);
      const h = Number(/w:h="(\d+)"/.exec(size)?.[1]);
      // Portrait or landscape, the page is A4.
      expect([Math.min(w, h), Math.max(w, h)]).toEqual([11_906, 16_838]);
    }
  });

  it("puts a table too wide for a portrait page on landscape pages, its heading with it", async () => {
    const wide = await unpack(await renderDocx(withWideTable(report)));
    const t = tableUnder(wide, "Observations");
    expect(gridWidths(t).reduce((a, b) => a + b, 0)).toBe(LANDSCAPE_TEXT_WIDTH);
    expect(rows(t).map(cells)[1]?.[0]).toBe("2025-11-10 00:00:00 UTC");
    const sections = [...wide.document.matchAll(/<w:sectPr>[\s\S]*?<\/w:sectPr>/g)];
    const orientations = sections.map((m) => /w:orient="(\w+)"/.exec(m[0])?.[1]);
    expect(orientations).toEqual(["portrait", "landscape", "portrait"]);
    // The landscape section holds the table and its heading.
    const start = (sections[0]?.index ?? 0) + (sections[0]?.[0].length ?? 0);
    const landscape = wide.document.slice(start, sections[1]?.index);
    expect(landscape).toContain(">Observations</w:t>");
    expect(landscape).toContain(t);
  });

  it("gives every field/value table and the metrics the same label column", () => {
    const metrics = gridWidths(tableUnder(u, "Headline metrics"));
    expect(gridWidths(tableUnder(u, "Case metadata"))).toEqual(metrics);
    expect((metrics[0] ?? 0) / PORTRAIT_TEXT_WIDTH).toBeLessThanOrEqual(0.4);
  });

  it("embeds the charts as PNG pictures referenced from the document, with captions", async () => {
    const media = Object.keys(u.zip.files).filter((p) => /^word\/media\/.+\.png$/.test(p));
    expect(media).toHaveLength(report.charts.length);
    for (const path of media) {
      const png = await u.zip.file(path)?.async("uint8array");
      expect([...(png ?? new Uint8Array()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    }
    const rels = await u.text("word/_rels/document.xml.rels");
    const embeds = [...u.document.matchAll(/r:embed="([^"]+)"/g)].map((m) => m[1]);
    expect(embeds).toHaveLength(report.charts.length);
    for (const id of embeds) {
      expect(rels).toMatch(new RegExp(`Id="${id}"[^>]*Target="media/[^"]+\\.png"`));
    }
    expect(styled(u, "Caption")).toEqual(
      report.charts.map((c, i) => `Figure ${i + 1}. ${c.title}`),
    );
    // 5.5 in wide, in EMU (914400 per inch, 1440 twips per inch), half as tall
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(u.document);
    const cx = Number(extent?.[1]);
    expect(cx).toBeLessThanOrEqual((CHART_WIDTH / 1440) * 914_400);
    expect(cx).toBeGreaterThan((CHART_WIDTH / 1440) * 914_400 * 0.99);
    expect(CHART_WIDTH).toBe(5.5 * 1440);
    expect(Number(extent?.[2]) / cx).toBeCloseTo(0.5, 2);
  });

  it("has 'Page X of Y' in the footer (PAGE and NUMPAGES fields)", async () => {
    const footers = Object.keys(u.zip.files).filter((p) => /^word\/footer\d+\.xml$/.test(p));
    expect(footers.length).toBeGreaterThan(0);
    for (const path of footers) {
      const xml = await u.text(path);
      const instr = [...xml.matchAll(/<w:instrText[^>]*>([^<]*)<\/w:instrText>/g)].map((m) =>
        (m[1] ?? "").trim(),
      );
      expect(instr).toEqual(["PAGE", "NUMPAGES"]);
      expect(
        paragraphs(xml)
          .map((p) => p.text)
          .join(""),
      ).toContain("Page ");
      expect(
        paragraphs(xml)
          .map((p) => p.text)
          .join(""),
      ).toContain(" of ");
    }
    // every section points at a footer
    const sections = [...u.document.matchAll(/<w:sectPr>[\s\S]*?<\/w:sectPr>/g)];
    for (const s of sections) expect(s[0]).toContain("<w:footerReference");
  });

  it("fills in the document properties", async () => {
    const core = await u.text("docProps/core.xml");
    const field = (name: string) =>
      unescapeXml(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(core)?.[1] ?? "");
    expect(field("dc:title")).toBe(report.meta.title);
    expect(field("dc:creator")).toBe("Compliance Desk");
    expect(field("dc:subject")).toBe("enhanced-due-diligence");
    expect(field("cp:keywords")).toContain("enhanced-due-diligence");
    expect(field("cp:keywords")).toContain("Screening results");
    expect(field("cp:lastModifiedBy")).toBe("Compliance Desk");
    expect(field("dc:description")).toBe(report.summary[0]);
    expect(field("dcterms:created")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it("puts each workbook sheet in an appendix of its own, lettered", () => {
    const sheet = tableUnder(u, "Appendix A \u2014 Screening export");
    expect(rows(sheet)).toHaveLength(1 + 100);
  });
});

/** A legacy (variant B) payload: sections with prose and bullets, a 20-column and an empty sheet. */
const legacyReport: Report = {
  ...tableReport(3),
  variant: "B",
  meta: {
    title: "Legacy payload",
    subtitle: null,
    reportType: null,
    author: null,
    date: null,
    version: null,
  },
  tables: [],
  summary: ["One paragraph.\nWith a second line."],
  sections: [
    {
      heading: "Findings",
      paragraphs: ["The wallets were screened.", "خطیبی عقدا احمد"],
      bullets: ["First point", "Second point: 王 明明"],
      table: {
        key: "findings",
        title: "Findings table",
        columns: ["wallet", "hits"],
        rows: [
          ["0xabc", 1],
          ["0xdef", null],
        ],
      },
    },
    { heading: null, paragraphs: ["A section without a heading."], bullets: [], table: null },
  ],
  workbook: [
    {
      key: "wide",
      title: "Wide",
      columns: Array.from({ length: 20 }, (_, i) => `c${i + 1}`),
      rows: [Array.from({ length: 20 }, (_, i) => i + 1)],
    },
    { key: "empty", title: "Empty", columns: ["a", "b"], rows: [] },
  ],
};

describe("renderDocx: legacy sections, wide and empty tables", () => {
  const report = legacyReport;
  let u: Unpacked;

  beforeAll(async () => {
    u = await unpack(await renderDocx(report));
  });

  it("renders section headings, paragraphs and bullets with numbering", async () => {
    expect(styled(u, "Heading2")).toContain("Findings");
    expect(styled(u, "Heading3")).toEqual(["Findings table"]);
    const bullets = u.paragraphs.filter((p) => p.xml.includes("<w:numPr>"));
    expect(bullets.map((p) => p.text)).toEqual(["First point", "Second point: 王 明明"]);
    const numId = /<w:numId w:val="(\d+)"\/>/.exec(bullets[0]?.xml ?? "")?.[1];
    expect(numId).toBeDefined();
    const numbering = await u.text("word/numbering.xml");
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain(`w:numId="${numId}"`);
    const texts = u.paragraphs.map((p) => p.text);
    expect(texts).toContain("A section without a heading.");
    const rtl = u.paragraphs.find((p) => p.text === "خطیبی عقدا احمد");
    expect(rtl?.xml).toContain("<w:bidi/>");
    // a line break inside a summary paragraph stays a line break
    const summary = u.paragraphs.find((p) => p.text === "One paragraph.With a second line.");
    expect(summary?.xml).toContain("<w:br/>");
  });

  it("leaves the cells of nulls empty and keeps a table's rows", () => {
    const t = tableUnder(u, "Findings table");
    expect(rows(t).map(cells)).toEqual([
      ["Wallet", "Hits"],
      ["0xabc", "1"],
      ["0xdef", ""],
    ]);
    expect(t).toContain('<w:pStyle w:val="TableHeadingNumber"/>');
  });

  it("splits a 20-column table into parts that repeat the first column", () => {
    const titles = styled(u, "Heading1").filter((t) => t.includes("Wide"));
    expect(titles).toEqual([
      "Appendix A \u2014 Wide (columns 1\u201314 of 20)",
      "Appendix A \u2014 Wide (columns 15\u201320 of 20)",
    ]);
    const first = rows(tableUnder(u, titles[0] ?? "")).map(cells);
    const second = rows(tableUnder(u, titles[1] ?? "")).map(cells);
    expect(first[0]).toHaveLength(14);
    expect(second[0]).toEqual(["C1", "C15", "C16", "C17", "C18", "C19", "C20"]);
    expect(second[1]).toEqual(["1", "15", "16", "17", "18", "19", "20"]);
  });

  it("shows an empty table as its header and a 'No rows.' line", () => {
    const t = tableUnder(u, "Appendix B \u2014 Empty");
    expect(rows(t).map(cells)).toEqual([["A", "B"], ["No rows."]]);
  });

  it("still has the footer and properties without an author or type", async () => {
    const core = await u.text("docProps/core.xml");
    expect(core).toContain("<dc:title>Legacy payload</dc:title>");
    expect(core).not.toContain("Un-named");
    // Nothing to put in a title block (no type, author, date or version): none, and no dashes.
    expect(u.tables.some((t) => cells(rows(t)[0] ?? "").includes("Report type"))).toBe(false);
    expect(u.paragraphs.some((p) => p.text === "\u2014")).toBe(false);
  });
});

describe("renderDocx: size", () => {
  it("renders a 1,000-row table with every row and a repeating header", async () => {
    const report = tableReport(1000);
    const u = await unpack(await renderDocx(report));
    const [table] = u.tables.slice(-1);
    const r = rows(table ?? "");
    expect(r).toHaveLength(1001);
    expect(r[0]).toContain("<w:tblHeader/>");
    const rowsTable = report.tables[0] as ReportTable;
    expect(cells(r[1000] ?? "")).toEqual(
      rowsTable.columns.map((_, c) => formatCell(rowsTable, 999, c)),
    );
  });

  it("refuses an oversized report with REPORT_TOO_LARGE before rendering", async () => {
    const error = await renderDocx(tableReport(20_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe("REPORT_TOO_LARGE");
  });
});

describe("renderDocx: a report built on the sample edition", () => {
  /** Each section's default header part (from its `w:headerReference`), as its text. */
  async function sectionHeaders(u: Unpacked): Promise<string[]> {
    const rels = await u.text("word/_rels/document.xml.rels");
    const target = (id: string) =>
      new RegExp(`<Relationship [^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ??
      new RegExp(`<Relationship [^>]*Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)?.[1];
    const sections = [...u.document.matchAll(/<w:sectPr>[\s\S]*?<\/w:sectPr>/g)].map((m) => m[0]);
    expect(sections.length).toBeGreaterThan(0);
    return Promise.all(
      sections.map(async (s) => {
        const id = /<w:headerReference w:type="default" r:id="([^"]+)"\/>/.exec(s)?.[1];
        expect(id, "every section references a default header").toBeDefined();
        const path = target(id as string);
        expect(path, `relationship ${id}`).toBeDefined();
        return paragraphs(await u.text(`word/${path}`))
          .map((p) => p.text)
          .join("\n");
      }),
    );
  }

  it("puts SAMPLE EDITION — NOT THE OFAC LIST in the header of every section", async () => {
    // The memo with a wide table has portrait and landscape sections: each has its own header.
    const u = await unpack(await renderDocx(onSampleEdition(withWideTable(eddMemoReport(100)))));
    const headerParts = Object.keys(u.zip.files).filter((p) => /^word\/header\d+\.xml$/.test(p));
    expect(headerParts.length).toBeGreaterThan(1);
    for (const path of headerParts) {
      const xml = await u.text(path);
      const first = paragraphs(xml)[0];
      expect(first?.text, path).toBe("SAMPLE EDITION — NOT THE OFAC LIST");
      expect(first?.style, path).toBe("SampleEdition");
    }
    const headers = await sectionHeaders(u);
    expect(headers.length).toBeGreaterThan(1);
    for (const h of headers) {
      expect(h).toContain(SAMPLE_EDITION_BANNER);
      expect(h).toContain("Enhanced Due Diligence Memo");
    }
    // No first-page or even-page variant that could show a page without it.
    expect(u.document).not.toContain("<w:titlePg");
    expect(u.document).not.toMatch(/<w:headerReference w:type="(first|even)"/);
    // The warning style is bold and red.
    const styles = await u.text("word/styles.xml");
    const style = /<w:style [^>]*w:styleId="SampleEdition"[\s\S]*?<\/w:style>/.exec(styles)?.[0];
    expect(style).toContain("<w:b/>");
    expect(style).toContain('<w:color w:val="B91C1C"/>');
  });

  it("has none of it without the flag", async () => {
    const u = await unpack(await renderDocx(eddMemoReport(100)));
    for (const h of await sectionHeaders(u)) {
      expect(h).not.toContain("SAMPLE EDITION");
      expect(h).toContain("Enhanced Due Diligence Memo");
    }
    for (const path of Object.keys(u.zip.files).filter((p) => /^word\/.*\.xml$/.test(p))) {
      expect(await u.text(path), path).not.toContain("NOT THE OFAC LIST");
    }
  });
});

describe("renderDocx: a report built on a stale list", () => {
  it("puts the warning in a bold red paragraph right after the title", async () => {
    const u = await unpack(await renderDocx(onStaleList(eddMemoReport(100))));
    const paras = paragraphs(u.document);
    const i = paras.findIndex((p) => p.text === STALE_WARNING);
    expect(i).toBeGreaterThan(0);
    expect(paras[i]?.style).toBe("ListWarning");
    // After the title and subtitle, as in the PDF.
    expect(paras[i - 1]?.style).toBe("Subtitle");
    expect(paras[i - 2]?.style).toBe("Title");
    const styles = await u.text("word/styles.xml");
    const style = /<w:style [^>]*w:styleId="ListWarning"[\s\S]*?<\/w:style>/.exec(styles)?.[0];
    expect(style).toContain("<w:b/>");
    expect(style).toContain('<w:color w:val="B91C1C"/>');
    expect(style).toContain("<w:pBdr>");
  });

  it("has none of it without the warning", async () => {
    const u = await unpack(await renderDocx(eddMemoReport(100)));
    expect(u.document).not.toContain("STALE LIST");
    expect(paragraphs(u.document).some((p) => p.style === "ListWarning")).toBe(false);
  });
});

describe("renderDocx: fit to file (issue 29)", () => {
  let u: Unpacked;
  beforeAll(async () => {
    u = await unpack(await renderDocx(eddMemoReport(30)));
  });

  it("defines every style a style is based on, Normal included, and names every font", async () => {
    const styles = await u.text("word/styles.xml");
    const defined = new Set([...styles.matchAll(/w:styleId="([^"]+)"/g)].map((m) => m[1]));
    expect(defined).toContain("Normal");
    const based = [...styles.matchAll(/<w:basedOn w:val="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(based.length).toBeGreaterThan(10);
    for (const name of based) expect(defined, `basedOn ${name}`).toContain(name);
    const fonts = [...styles.matchAll(/<w:rFonts [^>]*\/>/g)].map((m) => m[0]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toMatch(/w:ascii="[^"]+"/);
      expect(font).toMatch(/w:hAnsi="[^"]+"/);
    }
  });

  it("tints and bolds a match's row, and sets its address in the code face", () => {
    const t = tableUnder(u, "Screening results");
    const [, match, clear] = rows(t);
    // The first wallet is listed, the second clear.
    expect(match).toMatch(/w:fill="F8D7DA"/);
    expect(match).toContain('<w:pStyle w:val="TableTextMatch"/>');
    expect(match).toContain('<w:pStyle w:val="TableCodeMatch"/>');
    expect(clear).not.toMatch(/w:fill="F8D7DA"/);
    expect(clear).toContain('<w:pStyle w:val="TableCode"/>');
  });

  it("tints a near match's row paler, not bold", async () => {
    const near = await unpack(
      await renderDocx({
        ...eddMemoReport(3),
        tables: [
          {
            key: "batch",
            title: "Batch results",
            columns: ["position", "address", "status", "near_match"],
            rows: [[1, "0x098b716b8aaf21512996dc57eb0615e2383e2f97", "clear", "Lazarus Group"]],
          },
        ],
      }),
    );
    const [, row] = rows(tableUnder(near, "Batch results"));
    expect(row).toMatch(/w:fill="FFF3CD"/);
    expect(row).not.toContain('Match"/>');
  });
});
