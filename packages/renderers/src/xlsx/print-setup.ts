import { SAMPLE_EDITION_BANNER } from "@svc/report-model";
import type ExcelJS from "exceljs";

/**
 * Print setup of every sheet: on A4, as the service's PDFs are, fitted to the page's width (as many pages down as it takes:
 * `fitToPage` with one page wide and no bound on the height), landscape when the columns are too
 * wide for a portrait page at a readable size, the header row repeated on every page, narrow
 * margins, and a footer with the sheet's name and the page number.
 */

/** Excel's paper size code of A4 (1 is Letter). */
export const A4_PAPER = 9;

/** Columns (Excel width units, 7 px each) a portrait A4 page holds at full size. */
const PORTRAIT_WIDTH = 100;
/**
 * The Summary reads as a document, top to bottom: portrait, smaller, up to this width (a scale
 * of about 63%), rather than landscape and a third more pages.
 */
export const SUMMARY_PORTRAIT_WIDTH = 160;

/** …and a landscape one. */
const LANDSCAPE_WIDTH = 135;
/** The printable height of a portrait and a landscape A4 page, in points. */
const PORTRAIT_HEIGHT = 750;
const LANDSCAPE_HEIGHT = 505;

/** How many pages a sheet `width` units wide and `height` points tall prints on, roughly. */
export function estimatedPages(width: number, height: number): number {
  const landscape = width > PORTRAIT_WIDTH;
  const scale = Math.min(1, (landscape ? LANDSCAPE_WIDTH : PORTRAIT_WIDTH) / width);
  return Math.ceil((height * scale) / (landscape ? LANDSCAPE_HEIGHT : PORTRAIT_HEIGHT));
}

const MARGINS = { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 };

/** A sheet's running footer: its name on the left, "Page 2 of 3" on the right (Excel codes). */
const FOOTER = "&L&A&RPage &P of &N";
/**
 * The running header of every sheet: the sample-edition warning (bold) and the provenance line
 * (`ProvenanceText.everyPage`), centred, one a line; none when there is neither.
 */
export function sheetHeader(sampleEdition: boolean, provenance: string | null): string | undefined {
  const lines = [
    ...(sampleEdition ? [`&B${SAMPLE_EDITION_BANNER}&B`] : []),
    // "&" starts a code in a header: a literal one is doubled.
    ...(provenance === null ? [] : [provenance.replaceAll("&", "&&")]),
  ];
  return lines.length === 0 ? undefined : `&C${lines.join("\n")}`;
}

export interface PrintOptions {
  readonly pageSetup: Partial<ExcelJS.PageSetup>;
  readonly headerFooter: Partial<ExcelJS.HeaderFooter>;
}

/** The print setup of a sheet whose columns are `width` wide, header rows `titleRows` ("1:1"). */
export function printOptions(
  width: number,
  header: string | undefined,
  titleRows?: string,
  portraitWidth = PORTRAIT_WIDTH,
): PrintOptions {
  return {
    pageSetup: {
      paperSize: A4_PAPER,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      orientation: width > portraitWidth ? "landscape" : "portrait",
      margins: MARGINS,
      ...(titleRows === undefined ? {} : { printTitlesRow: titleRows }),
    },
    headerFooter: {
      oddFooter: FOOTER,
      ...(header === undefined ? {} : { oddHeader: header }),
    },
  };
}
