import {
  type Degradation,
  type Report,
  type ReportChart,
  type ReportSection,
  SAMPLE_EDITION_BANNER,
} from "@svc/report-model";
import {
  Document,
  type FileChild,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  type ISectionOptions,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  TextRun,
} from "docx";
import { appendixTitle } from "../appendix/appendix-title.js";
import { describeDocument, type RenderedDocument } from "../artifact/artifact.js";
import { renderChartPng } from "../chart/chart-png.js";
import { DOCX_ENGINE } from "../engines.js";
import { assertWithinLimits } from "../errors/limits.js";
import { RenderError } from "../errors/render-error.js";
import { provenanceText } from "../provenance/provenance-text.js";
import { withAttestationPart } from "./attestation-part.js";
import { asHeading, Body } from "./body.js";
import { type DisplayTable, displayTable, splitColumns } from "./display-table.js";
import { evidenceChildren } from "./evidence.js";
import { signOffChildren } from "./sign-off.js";
import { BULLETS, documentNumbering, documentStyles, PAGE, STYLE, TWIPS_PER_PX } from "./styles.js";
import { buildTable } from "./table.js";
import { fieldColumnWidth, fieldValueLayout, gridLayout } from "./table-layout.js";
import { isMainlyRtl, proseRuns, styledParagraph, textRuns } from "./text.js";
import { metricsTable, titleBlockTable } from "./title-block.js";

/** The chart picture: drawn at 640 × 320 px. */
const CHART_PX = Object.freeze({ width: 640, height: 320 });
/** Shown 5.5 in wide (2.75 in tall), centred on a portrait page: readable, and no page to itself. */
export const CHART_WIDTH = 7_920;

/** Tables this long say how many rows they have (they run over several pages). */
const ROW_COUNT_NOTE = 20;

function heading(level: 1 | 2 | 3, text: string): Paragraph {
  const style =
    level === 1
      ? HeadingLevel.HEADING_1
      : level === 2
        ? HeadingLevel.HEADING_2
        : HeadingLevel.HEADING_3;
  const rtl = isMainlyRtl(text);
  return asHeading(
    new Paragraph({
      heading: style,
      bidirectional: rtl || undefined,
      children: textRuns(text, rtl),
    }),
  );
}

function prose(text: string): Paragraph {
  const rtl = isMainlyRtl(text);
  return new Paragraph({ bidirectional: rtl || undefined, children: proseRuns(text, rtl) });
}

function bullet(text: string): Paragraph {
  const rtl = isMainlyRtl(text);
  return new Paragraph({
    numbering: { reference: BULLETS, level: 0 },
    bidirectional: rtl || undefined,
    children: proseRuns(text, rtl),
  });
}

/** What every table of the document shares: the width of the label column of field/value tables. */
interface TableContext {
  readonly fieldWidth: number;
}

/** The table on its page: portrait or landscape, its columns laid out (see `TableLayout`). */
function placedTable(table: DisplayTable, context: TableContext) {
  const layout = table.fieldValue ? fieldValueLayout(table, context.fieldWidth) : gridLayout(table);
  return { layout, table: buildTable(table, layout) };
}

/** Adds `table` (split into parts when very wide) under a heading of `level`, portrait or landscape. */
function addTable(
  body: Body,
  table: DisplayTable,
  level: 1 | 2 | 3,
  context: TableContext,
  before: FileChild[] = [],
): void {
  splitColumns(table).forEach((part, i) => {
    const children: FileChild[] = i === 0 ? [...before] : [];
    children.push(heading(level, part.title));
    if (part.labels.length === 0) {
      children.push(styledParagraph(STYLE.tableNote, "This table has no columns."));
      body.add(false, ...children);
      return;
    }
    if (part.rows.length >= ROW_COUNT_NOTE) {
      const n = part.rows.length.toLocaleString("en-US");
      children.push(styledParagraph(STYLE.tableNote, `${n} rows`));
    }
    const placed = placedTable(part, context);
    children.push(
      placed.table,
      // Word has no space after a table: an empty paragraph keeps the next text off its border.
      new Paragraph({ style: STYLE.spacer }),
    );
    body.add(placed.layout.landscape, ...children);
  });
}

/**
 * Page 1's title block, in the PDF's order: the title, the subtitle, then the boxed lines (an
 * attestation that does not match, a warning about the list, when it screened), then the
 * report's properties. What the service vouches for, or that it vouches for nothing, the PDF
 * boxes here too; the DOCX says it in the footer of every page, page 1's included (a box here as
 * well cost the 20-item review queue a fifth page).
 */
function titleBlock(report: Report): FileChild[] {
  const { meta } = report;
  const children: FileChild[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      children: textRuns(meta.title, isMainlyRtl(meta.title)),
    }),
  ];
  if (meta.subtitle !== null && meta.subtitle.trim() !== "") {
    children.push(styledParagraph(STYLE.subtitle, meta.subtitle));
  }
  const said = provenanceText(meta);
  if (said.alert !== null) {
    // The mismatching attestation's fingerprint in the code font, as in the PDF.
    children.push(
      new Paragraph({ style: STYLE.listWarning, children: proseRuns(said.alert, false) }),
    );
  }
  if (typeof meta.listWarning === "string" && meta.listWarning.trim() !== "") {
    children.push(styledParagraph(STYLE.listWarning, meta.listWarning));
  }
  if (said.when !== null) children.push(styledParagraph(STYLE.provenance, said.when));
  const block = titleBlockTable(report);
  if (block !== null) children.push(buildTable(block, gridLayout(block, { portraitOnly: true })));
  return children;
}

function addSection(
  body: Body,
  section: ReportSection,
  table: DisplayTable | null,
  context: TableContext,
): void {
  const children: FileChild[] = [];
  const title = section.heading?.trim() ?? "";
  if (title !== "") children.push(heading(2, title));
  for (const p of section.paragraphs) children.push(prose(p));
  for (const b of section.bullets) children.push(bullet(b));
  if (table === null) {
    body.add(false, ...children);
    return;
  }
  // The table keeps its section's heading and prose on its pages (landscape when it is wide),
  // titled one level below the section's heading, or in its place when they say the same.
  const sameTitle = title !== "" && title === table.title.trim();
  if (sameTitle) children.shift();
  addTable(body, table, title !== "" && !sameTitle ? 3 : 2, context, children);
}

/** The chart as a picture, with its title as the caption below. */
function chartFigure(chart: ReportChart, n: number, degradations: Degradation[]): FileChild[] {
  const caption = new Paragraph({
    style: STYLE.caption,
    children: textRuns(`Figure ${n}. ${chart.title}`, false),
  });
  let png: Uint8Array;
  try {
    png = renderChartPng(chart, CHART_PX);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    degradations.push({
      path: chart.source,
      reason: `the chart could not be drawn (${reason}); the DOCX shows its caption without the picture`,
    });
    return [styledParagraph(STYLE.tableNote, `[Chart not available: ${chart.title}]`), caption];
  }
  const width = Math.floor(CHART_WIDTH / TWIPS_PER_PX);
  const height = Math.round((width * CHART_PX.height) / CHART_PX.width);
  return [
    new Paragraph({
      style: STYLE.figure,
      children: [
        new ImageRun({
          type: "png",
          data: png,
          transformation: { width, height },
          altText: {
            name: `Figure ${n}`,
            title: chart.title,
            description: chartDescription(chart),
          },
        }),
      ],
    }),
    caption,
  ];
}

/** Alt text: what the picture shows, for screen readers and text extraction. */
function chartDescription(chart: ReportChart): string {
  const series = chart.series.map((s) => s.name).join(", ");
  const axes = [chart.xLabel, chart.yLabel].filter((a): a is string => a !== null).join(" / ");
  return `${chart.type === "bar" ? "Bar" : "Line"} chart "${chart.title}"${
    axes === "" ? "" : ` (${axes})`
  } of ${series === "" ? "no series" : series} over ${chart.labels.join(", ")}`.slice(0, 1000);
}

/**
 * The running header. A report built on the sample edition leads it with the warning line: a
 * Word header repeats on every page of its section, and every section has one.
 */
function pageHeader(report: Report): Header {
  const text = [report.meta.title, report.meta.date]
    .filter((t) => t !== null && t !== "")
    .join(" \u00b7 ");
  const title = styledParagraph(STYLE.header, text);
  return new Header({
    children:
      report.meta.sampleEdition === true
        ? [styledParagraph(STYLE.sampleEdition, SAMPLE_EDITION_BANNER), title]
        : [title],
  });
}

/**
 * The running footer: "Page X of Y", after the provenance line when the report has one (a
 * caller's content, or the attestation it was verified against), so every page says it; in the
 * footer's margin, where it takes no room from the page's content.
 */
function pageFooter(report: Report): Footer {
  const said = provenanceText(report.meta).everyPage;
  return new Footer({
    children: [
      new Paragraph({
        style: said === null ? STYLE.footer : STYLE.provenanceFooter,
        children: [
          ...(said === null
            ? []
            : [...proseRuns(said, false, true), new TextRun({ text: "  \u00b7  ", bold: true })]),
          new TextRun({ children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES] }),
        ],
      }),
    ],
  });
}

function keywords(report: Report): string {
  const words = new Set<string>();
  if (report.meta.reportType !== null) words.add(report.meta.reportType);
  for (const t of report.tables) words.add(t.title);
  return [...words].join(", ");
}

function description(report: Report): string | undefined {
  const text = report.summary[0] ?? report.meta.subtitle ?? undefined;
  return text === undefined ? undefined : text.slice(0, 1000);
}

/** The document's content, in reading order, as portrait and landscape runs of pages. */
async function buildBody(report: Report, degradations: Degradation[]): Promise<Body> {
  const sections = report.sections.map((s) => (s.table === null ? null : displayTable(s.table)));
  const tables = report.tables.map(displayTable);
  const workbook = report.workbook.map(displayTable);
  const metrics = report.metrics.length > 0 ? metricsTable(report.metrics) : null;
  const fieldValue = [...sections, ...tables, ...workbook, metrics].filter(
    (t): t is DisplayTable => t?.fieldValue === true,
  );
  const context: TableContext = { fieldWidth: fieldColumnWidth(fieldValue) };

  const body = new Body();
  body.add(false, ...titleBlock(report));

  if (report.summary.length > 0) {
    body.add(false, heading(1, "Executive summary"), ...report.summary.map(prose));
  }

  if (metrics !== null) {
    body.add(false, heading(1, "Headline metrics"), placedTable(metrics, context).table);
  }

  if (report.sections.length > 0 || report.tables.length > 0) {
    body.add(false, heading(1, "Details"));
    report.sections.forEach((section, i) => {
      addSection(body, section, sections[i] ?? null, context);
    });
    for (const table of tables) addTable(body, table, 2, context);
  }

  const attestation = report.attestation ?? null;
  const signOff = report.signOff ?? null;
  if (signOff !== null) {
    // After the report's parts: the form, kept on one page with the evidence that follows it.
    body.add(
      false,
      ...signOffChildren(signOff),
      ...(attestation === null ? [] : await evidenceChildren(attestation)),
    );
  }

  if (report.charts.length > 0) {
    body.add(false, heading(1, "Charts"));
    report.charts.forEach((chart, i) => {
      body.add(false, ...chartFigure(chart, i + 1, degradations));
    });
  }

  // Each workbook table is an appendix of its own, lettered as in every format.
  workbook.forEach((sheet, i) => {
    addTable(body, { ...sheet, title: appendixTitle(i, sheet.title) }, 1, context);
  });
  if (attestation !== null && signOff === null) {
    // Last, where the appendix ends: the evidence in place of the JWS, which is a package part.
    body.add(false, ...(await evidenceChildren(attestation)));
  }
  return body;
}

/**
 * Renders the report as a Word document a compliance reviewer can file: title block, executive
 * summary, headline metrics, sections and tables (header rows repeat on every page; wide tables on
 * landscape pages), charts as pictures with captions, workbook sheets as lettered appendices, "Page X of Y"
 * in the footer and the document properties filled in. On the sample edition every page header
 * says "SAMPLE EDITION — NOT THE OFAC LIST"; a list warning (`meta.listWarning`) is a bold red
 * boxed paragraph right after the title.
 */
export async function renderDocx(report: Report): Promise<RenderedDocument> {
  assertWithinLimits(report, "docx");
  const degradations: Degradation[] = [];
  let bytes: Uint8Array;
  try {
    const body = await buildBody(report, degradations);
    const sections: ISectionOptions[] = body.blocks.map((block) => ({
      properties: {
        page: {
          size: {
            width: PAGE.width,
            height: PAGE.height,
            orientation: block.landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
          },
          margin: {
            top: PAGE.margin,
            bottom: PAGE.margin,
            left: PAGE.margin,
            right: PAGE.margin,
            header: PAGE.headerFooter,
            footer: PAGE.headerFooter,
          },
        },
      },
      headers: { default: pageHeader(report) },
      footers: { default: pageFooter(report) },
      children: block.children,
    }));
    const doc = new Document({
      title: report.meta.title,
      subject: report.meta.reportType ?? undefined,
      // Without an author, empty rather than docx's "Un-named".
      creator: report.meta.author ?? "",
      lastModifiedBy: report.meta.author ?? "",
      description: description(report),
      keywords: keywords(report),
      styles: documentStyles(),
      numbering: documentNumbering(),
      sections,
    });
    const buffer = await Packer.toBuffer(doc);
    const packed = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    bytes =
      report.attestation === undefined || report.attestation === null
        ? packed
        : await withAttestationPart(packed, report.attestation);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError(
      "RENDER_FAILED",
      `the DOCX could not be written: ${error instanceof Error ? error.message : String(error)}`,
      {},
      { cause: error },
    );
  }
  return describeDocument(bytes, "docx", report, DOCX_ENGINE, degradations);
}
