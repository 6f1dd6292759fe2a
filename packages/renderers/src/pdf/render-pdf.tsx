import { renderToBuffer } from "@react-pdf/renderer";
import {
  columnLabelsOf,
  type Degradation,
  formatCell,
  formatMetric,
  labelOfKey,
  type Report,
  type ReportChart,
  type ReportTable,
  SAMPLE_EDITION_BANNER,
  type Scalar,
} from "@svc/report-model";
import { describeDocument, type RenderedDocument } from "../artifact/artifact.js";
import { chartScene } from "../chart/chart-scene.js";
import type { ChartScene } from "../chart/scene.js";
import { PDF_ENGINE } from "../engines.js";
import { assertWithinLimits, countRows } from "../errors/limits.js";
import { RenderError } from "../errors/render-error.js";
import { evidenceBlock } from "../evidence/evidence-block.js";
import {
  describeCodePoint,
  type FontPlan,
  fontPlanFor,
  REPLACEMENT_CHARACTER,
  substituteUncovered,
} from "../fonts/font-plan.js";
import { registerPdfFonts } from "../fonts/react-pdf-fonts.js";
import { signOffTexts } from "../sign-off/sign-off-block.js";
import { attachAttestation } from "./attach-attestation.js";
import { chartWithLabels } from "./chart-labels.js";
import { cleanText } from "./clean-text.js";
import { CHART_SCALE, chartBox, planDocument } from "./layout.js";
import { createMeasurer } from "./measure.js";
import { PdfDocument } from "./pdf-document.js";

/**
 * The most table cells a tagged PDF has: a memo or a report (the 100-wallet EDD memo has about
 * 2,000) reads in a screen reader with its headings, tables and reading order; a data dump larger
 * than this is written untagged, since its structure tree doubled the render time and tripled the
 * memory of the largest PDF (10,000 × 20: 9 s and a 26 MB file tagged) for a table no one reads
 * aloud.
 */
export const TAGGED_MAX_CELLS = 20_000;
/**
 * Renders a report as an A4 PDF a reviewer can file: title band, executive summary, headline
 * metric cards, vector charts, sections, every table (header row repeated on each page, numbers
 * right-aligned, zebra rows), workbook sheets in an appendix, and "Page N of M" on every page.
 * A report built on the sample edition (`meta.sampleEdition`) has a red strip across the top of
 * every page saying "SAMPLE EDITION — NOT THE OFAC LIST". A list warning (`meta.listWarning`,
 * e.g. a stale list) is printed once, in a red box under the title band on page 1.
 *
 * Speed comes from doing react-pdf's expensive work up front: every line break and every height
 * is computed before react-pdf sees the document, so pages are filled by hand (react-pdf never
 * paginates), and table rows are drawn on one `<Canvas>` per page instead of a `<Text>` per cell
 * (see table-view.tsx). A 1,000-row table renders in about 0.35 s warm on 2 cores.
 * Fonts are embedded subsets: DejaVu Sans, plus only the Noto Sans SC/KR slices the text needs.
 * Characters no font can draw are printed as U+FFFD and reported as degradations.
 *
 * @throws RenderError `REPORT_TOO_LARGE` (before any work) or `RENDER_FAILED`.
 */
export async function renderPdf(report: Report): Promise<RenderedDocument> {
  assertWithinLimits(report, "pdf");
  try {
    const degradations: Degradation[] = [];

    const box = chartBox(report.charts.length);
    const scenes: ChartScene[] = [];
    const charts: ReportChart[] = [];
    const chartTables: ReportTable[] = [];
    // Legends, axes and categories in the model's words, as the tables beside them.
    const labelled = report.charts.map((chart) => chartWithLabels(chart, report.tables));
    labelled.forEach((chart, i) => {
      try {
        scenes.push(
          chartScene(chart, { width: box.width * CHART_SCALE, height: box.height * CHART_SCALE }),
        );
        charts.push(chart);
      } catch (error) {
        chartTables.push(chartDataTable(chart, i));
        degradations.push({
          path: chart.source,
          reason: `the chart could not be drawn (${message(error)}); its data is shown as a table instead`,
        });
      }
    });
    // Charts that could not be drawn leave the chart grid and come back as data tables.
    const laidOut: Report =
      chartTables.length === 0
        ? { ...report, charts }
        : { ...report, charts, tables: [...report.tables, ...chartTables] };

    const plan = fontPlanFor(documentTexts(laidOut, scenes));
    degradations.push(...glyphDegradations(laidOut, scenes, plan));
    const fontFamily = registerPdfFonts(plan);
    const measurer = await createMeasurer(plan);
    const text = (s: string) => substituteUncovered(cleanText(s), plan);

    const documentPlan = planDocument(laidOut, measurer, text);
    const { meta } = report;
    const buffer = await renderToBuffer(
      <PdfDocument
        plan={documentPlan}
        fontFamily={fontFamily}
        scenes={scenes}
        text={text}
        measurer={measurer}
        banner={meta.sampleEdition === true ? SAMPLE_EDITION_BANNER : null}
        tagged={countRows(report).cells <= TAGGED_MAX_CELLS}
        info={{
          title: text(meta.title),
          author: meta.author === null ? null : text(meta.author),
          subject: meta.subtitle === null ? null : text(meta.subtitle),
          keywords: meta.reportType,
        }}
      />,
    );
    const rendered = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    // The JWS itself travels as an attachment, never on a page.
    const bytes =
      report.attestation === undefined || report.attestation === null
        ? rendered
        : await attachAttestation(rendered, report.attestation);
    // react-pdf renders through a React root that stays on React's schedule until React's
    // scheduler runs (a macrotask). Back-to-back renders never yield one, so every finished
    // document's element tree stayed reachable (about 2 MB per 1,000-row table). One turn of
    // the event loop lets React drop it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return describeDocument(bytes, "pdf", report, PDF_ENGINE, degradations);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError(
      "RENDER_FAILED",
      `PDF rendering failed: ${message(error)}`,
      {},
      {
        cause: error,
      },
    );
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A chart that cannot be drawn still shows its numbers. */
function chartDataTable(chart: ReportChart, index: number): ReportTable {
  const rows: Scalar[][] = chart.labels.map((label, i) => [
    label,
    ...chart.series.map((s) => s.values[i] ?? null),
  ]);
  return {
    key: `chart_${index + 1}_data`,
    title: `${chart.title === "" ? `Chart ${index + 1}` : chart.title} (chart data)`,
    columns: [chart.xLabel ?? "label", ...chart.series.map((s) => s.name)],
    rows,
  };
}

/** Every string the document prints (numbers, booleans and fixed labels are all ASCII). */
function* documentTexts(report: Report, scenes: readonly ChartScene[]): Iterable<string> {
  for (const [, s] of textsWithPaths(report, scenes)) yield cleanText(s);
}

/** The report's strings with a path into the report for each (for degradation messages). */
function* textsWithPaths(
  report: Report,
  scenes: readonly ChartScene[],
): Iterable<readonly [string, string]> {
  const { meta } = report;
  if (meta.sampleEdition === true) yield ["meta.sampleEdition", SAMPLE_EDITION_BANNER];
  yield ["meta.title", meta.title];
  if (typeof meta.listWarning === "string") yield ["meta.listWarning", meta.listWarning];
  if (meta.subtitle !== null) yield ["meta.subtitle", meta.subtitle];
  if (meta.reportType !== null) {
    yield ["meta.reportType", labelOfKey(meta.reportType)];
    yield ["meta.reportType", labelOfKey(meta.reportType).toUpperCase()];
  }
  if (meta.author !== null) yield ["meta.author", meta.author];
  if (meta.date !== null) yield ["meta.date", meta.date];
  if (meta.version !== null) yield ["meta.version", meta.version];
  for (const [i, s] of report.summary.entries()) yield [`summary[${i}]`, s];
  for (const [i, m] of report.metrics.entries()) {
    yield [`metrics[${i}].label`, m.label];
    yield [`metrics[${i}].value`, formatMetric(m)];
  }
  for (const [i, section] of report.sections.entries()) {
    if (section.heading !== null) yield [`sections[${i}].heading`, section.heading];
    for (const [j, p] of section.paragraphs.entries()) yield [`sections[${i}].paragraphs[${j}]`, p];
    for (const [j, b] of section.bullets.entries()) yield [`sections[${i}].bullets[${j}]`, b];
    if (section.table !== null) yield* tableTexts(section.table, `sections[${i}].table`);
  }
  for (const t of report.tables) yield* tableTexts(t, `tables.${t.key}`);
  for (const t of report.workbook) yield* tableTexts(t, `workbook.${t.key}`);
  if (report.attestation !== undefined && report.attestation !== null) {
    const block = evidenceBlock(report.attestation, "pdf");
    yield ["attestation", block.heading];
    yield ["attestation", block.statement];
    for (const f of block.fields) yield ["attestation", f.label];
  }
  if (report.signOff !== undefined && report.signOff !== null) yield* signOffTexts(report.signOff);
  for (const [i, scene] of scenes.entries()) {
    const source = report.charts[i]?.source ?? `charts[${i}]`;
    for (const p of scene.primitives) if (p.kind === "text") yield [source, p.text];
  }
}

function* tableTexts(t: ReportTable, path: string): Iterable<readonly [string, string]> {
  yield [`${path}.title`, t.title];
  const labels = columnLabelsOf(t);
  for (const [c, label] of labels.entries()) yield [`${path}.columns[${c}]`, label];
  for (const [r, row] of t.rows.entries()) {
    for (const c of row.keys()) {
      if (typeof row[c] === "string")
        yield [`${path}[${r}].${t.columns[c] ?? c}`, formatCell(t, r, c)];
    }
  }
}

/**
 * One degradation per character no embedded font covers: where it first occurs, how often, and
 * what was printed instead. Invisible format characters that no font maps are reported too
 * (they are removed), since an invisible character inside an address is worth knowing about.
 */
function glyphDegradations(
  report: Report,
  scenes: readonly ChartScene[],
  plan: FontPlan,
): Degradation[] {
  if (plan.uncovered.length === 0 && plan.invisible.length === 0) return [];
  const wanted = new Set([...plan.uncovered, ...plan.invisible]);
  const found = new Map<number, { path: string; count: number }>();
  for (const [path, raw] of textsWithPaths(report, scenes)) {
    const s = cleanText(raw);
    const seenHere = new Set<number>();
    for (const ch of s) {
      const cp = ch.codePointAt(0) as number;
      if (!wanted.has(cp) || seenHere.has(cp)) continue;
      seenHere.add(cp);
      const f = found.get(cp);
      if (f === undefined) found.set(cp, { path, count: 1 });
      else f.count++;
    }
  }
  const invisible = new Set(plan.invisible);
  return [...found.entries()].map(([cp, { path, count }]) => {
    const where = count === 1 ? "" : ` (in ${count} texts; first here)`;
    return {
      path,
      reason: invisible.has(cp)
        ? `invisible format character U+${hex(cp)} has no glyph in the embedded fonts and was removed${where}`
        : `no embedded font has a glyph for ${describeCodePoint(cp)}; printed as U+FFFD "${REPLACEMENT_CHARACTER}"${where}`,
    };
  });
}

function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, "0");
}
