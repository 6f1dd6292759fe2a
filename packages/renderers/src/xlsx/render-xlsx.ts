import { Writable } from "node:stream";
import type { Degradation, Report } from "@svc/report-model";
import ExcelJS from "exceljs";
import { describeDocument, type RenderedDocument } from "../artifact/artifact.js";
import { XLSX_ENGINE } from "../engines.js";
import { assertWithinLimits } from "../errors/limits.js";
import { RenderError } from "../errors/render-error.js";
import { evidenceBlock } from "../evidence/evidence-block.js";
import { qrPng } from "../evidence/qr-code.js";
import { provenanceText } from "../provenance/provenance-text.js";
import { CellValues } from "./cell-values.js";
import { layDataSheet, writeDataSheet } from "./data-sheet.js";
import { QR_COLUMN, QR_PX, writeEvidenceSheet, writeJwsSheet } from "./evidence-sheets.js";
import { printOptions, SUMMARY_PORTRAIT_WIDTH, sheetHeader } from "./print-setup.js";
import { withQrPicture } from "./qr-drawing.js";
import { writeSignOffSheet } from "./sign-off-sheet.js";
import { laySummary, writeSummary } from "./summary-sheet.js";
import { planWorkbook } from "./workbook-plan.js";

/**
 * The XLSX renderer: a Summary sheet (the report, with its small tables as sections), then one
 * data sheet per larger table, per chart whose data no table holds, and per workbook table (see
 * `planWorkbook`). Headers are the model's labels, values as the model keeps them for sheets
 * (`spreadsheetValue`, `excelNumberFormat`), addresses and hashes in a monospace face in columns
 * as wide as they are; every sheet prints fitted to the page's width. A report built on the
 * sample edition says "SAMPLE EDITION — NOT THE OFAC LIST" in the Summary's first row and in the
 * print header of every sheet. A list warning (`meta.listWarning`) is the boxed red row right
 * after the title.
 *
 * Written with exceljs's streaming `WorkbookWriter` into memory: rows are committed as they are
 * added, strings are inline (no shared-string table) and cells of a kind point at the *same*
 * style object. exceljs caches style ids by object identity, so shared style objects skip its
 * per-cell style serialization, which otherwise dominates the run time.
 *
 * Charts: exceljs 4.4 cannot create native Excel charts (it has no chart parts at all, and its
 * streaming writer cannot embed pictures either: the evidence sheet's QR code is added to the
 * finished package, `withQrPicture`), so a chart is its data — labels plus one
 * column per series — that users can chart in Excel with two clicks: the table it was drawn
 * from, or a data sheet of its own. That is the specified XLSX output for a chart, so it is not
 * reported as a degradation.
 */

const FROZEN_HEADER: Partial<ExcelJS.WorksheetView>[] = [{ state: "frozen", ySplit: 1 }];

/** Collects the zip stream in memory. */
class MemorySink extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk);
    callback();
  }
  override _writev(chunks: { chunk: Buffer }[], callback: () => void): void {
    for (const c of chunks) this.chunks.push(c.chunk);
    callback();
  }
}

/** `YYYY-MM-DD…` as a Date, or null. */
function parseDate(text: string | null): Date | null {
  if (text === null || !/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const d = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Renders the report as an XLSX workbook. */
export async function renderXlsx(report: Report): Promise<RenderedDocument> {
  assertWithinLimits(report, "xlsx");
  const degradations: Degradation[] = [];
  const plan = planWorkbook(report);
  const sheets = plan.sheets.map((sheet) => {
    const cells = new CellValues(sheet.path, degradations);
    return { sheet, cells, layout: layDataSheet(sheet.table, cells) };
  });
  const summaryCells = new CellValues("summary", degradations);
  // The Summary's notes list the input's degradations and the ones found laying the sheets out.
  const summary = laySummary(
    report,
    plan.sections,
    plan.index,
    [...report.degradations, ...degradations],
    summaryCells,
  );

  const sink = new MemorySink();
  const finished = new Promise<void>((resolve, reject) => {
    sink.on("finish", resolve);
    sink.on("error", reject);
  });
  const created = parseDate(report.meta.date) ?? new Date();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useSharedStrings: false,
    useStyles: true,
  });
  wb.title = report.meta.title;
  if (report.meta.subtitle !== null) wb.subject = report.meta.subtitle;
  if (report.meta.reportType !== null) wb.category = report.meta.reportType;
  wb.creator = report.meta.author ?? "";
  wb.lastModifiedBy = report.meta.author ?? "";
  wb.created = created;
  wb.modified = created;
  const first = report.summary[0];
  if (first !== undefined) wb.description = first.slice(0, 1000);

  const header = sheetHeader(
    report.meta.sampleEdition === true,
    provenanceText(report.meta).everyPage,
  );
  // The sign-off sheet's row for the QR code, when the evidence is printed there.
  let signOffQrRow: number | undefined;
  try {
    const ws = wb.addWorksheet(
      plan.summaryName,
      printOptions(summary.width, header, undefined, SUMMARY_PORTRAIT_WIDTH),
    );
    writeSummary(ws, summary, summaryCells);
    ws.commit();
    for (const { sheet, cells, layout } of sheets) {
      const data = wb.addWorksheet(sheet.name, {
        views: FROZEN_HEADER,
        ...printOptions(layout.width, header, "1:1"),
      });
      writeDataSheet(data, sheet.table, layout, cells);
      data.commit();
    }
    const attestation = report.attestation ?? null;
    if (plan.signOff !== null && report.signOff !== undefined && report.signOff !== null) {
      // The form and, under it on the same printed page, the attestation's evidence.
      signOffQrRow = writeSignOffSheet(wb, plan.signOff, report.signOff, attestation, header).qrRow;
    }
    if (plan.attestation !== null && attestation !== null) {
      if (plan.signOff === null) {
        writeEvidenceSheet(wb, plan.attestation.evidence, attestation, header);
      }
      writeJwsSheet(wb, plan.attestation.jws, attestation);
    }
    await wb.commit();
    await finished;
  } catch (error) {
    throw new RenderError(
      "RENDER_FAILED",
      `the XLSX could not be written: ${error instanceof Error ? error.message : String(error)}`,
      {},
      { cause: error },
    );
  }
  const written = Buffer.concat(sink.chunks);
  let bytes: Uint8Array = new Uint8Array(written.buffer, written.byteOffset, written.byteLength);
  if (
    plan.attestation !== null &&
    report.attestation !== undefined &&
    report.attestation !== null
  ) {
    // The QR code of the verification URL beside the evidence, as the PDF and DOCX have it: the
    // streaming writer embeds no pictures, so its parts are added to the finished package.
    const { url } = evidenceBlock(report.attestation, "xlsx");
    try {
      bytes = await withQrPicture(
        bytes,
        await qrPng(url),
        // Beside the evidence on its own sheet, or under it on the sign-off sheet.
        {
          sheet: plan.attestation.evidence,
          column: QR_COLUMN,
          row: signOffQrRow ?? 1,
          sizePx: QR_PX,
        },
        `QR code of the verification URL ${url}`,
      );
    } catch (error) {
      throw new RenderError(
        "RENDER_FAILED",
        `the XLSX's QR code could not be added: ${error instanceof Error ? error.message : String(error)}`,
        {},
        { cause: error },
      );
    }
  }
  return describeDocument(bytes, "xlsx", report, XLSX_ENGINE, degradations);
}
