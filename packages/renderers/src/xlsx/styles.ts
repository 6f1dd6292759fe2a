import {
  excelNumberFormat,
  type RowFinding,
  VALUE_KIND_TRAITS,
  type ValueKind,
} from "@svc/report-model";
import type ExcelJS from "exceljs";

export type Style = Partial<ExcelJS.Style>;

/**
 * The body face, named in every font of the workbook: a font without a name (exceljs writes a
 * bold font as `<b/>` alone) is set by LibreOffice in its default, a serif. LibreOffice prints
 * Calibri in Carlito, its metric twin.
 */
export const BODY_FONT = "Calibri";
export const BODY_SIZE = 11;
/**
 * The face addresses and hashes are set in: monospace, on every Office install (LibreOffice
 * prints it in DejaVu Sans Mono, whose width `columns.ts` measures).
 */
export const MONO_FONT = "Consolas";
/** Its size: a point under the body's 11, so a 95-character Monero address stays narrow. */
export const MONO_SIZE = 10;

/** A font of the body face: `{ bold: true }` → Calibri 11 bold. */
const body = (font: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({
  name: BODY_FONT,
  size: BODY_SIZE,
  ...font,
});

const HEADER_FILL = "FF1F3A5F";
const WHITE = "FFFFFFFF";
const RED = "FFB91C1C";

/** A table's header row: bold white on dark blue, wrapped (a long label takes two lines). */
export const HEADER_STYLE: Style = {
  font: body({ bold: true, color: { argb: WHITE } }),
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: HEADER_FILL } },
  alignment: { vertical: "middle", wrapText: true },
};
export const PLAIN_STYLE: Style = {};
export const TITLE_STYLE: Style = { font: body({ bold: true, size: 16 }) };
export const SUBTITLE_STYLE: Style = {
  font: body({ italic: true, size: 12, color: { argb: "FF595959" } }),
};
export const LABEL_STYLE: Style = {
  font: body({ bold: true }),
  alignment: { vertical: "top", wrapText: true },
};
export const SECTION_STYLE: Style = { font: body({ bold: true, size: 12 }) };
export const WRAP_STYLE: Style = {
  font: body(),
  alignment: { wrapText: true, vertical: "top" },
};

/** The sample-edition warning: white bold on red, the first row of the Summary. */
export const SAMPLE_STYLE: Style = {
  font: body({ bold: true, size: 12, color: { argb: WHITE } }),
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: RED } },
  alignment: { vertical: "middle" },
};
/** A list warning (a stale list, say): bold red on pale red, boxed, wrapped across the columns. */
const LIST_WARNING_EDGE = { style: "medium", color: { argb: RED } } as const;
export const LIST_WARNING_STYLE: Style = {
  font: body({ bold: true, color: { argb: RED } }),
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: "FFFEF2F2" } },
  alignment: { wrapText: true, vertical: "middle" },
  border: {
    top: LIST_WARNING_EDGE,
    bottom: LIST_WARNING_EDGE,
    left: LIST_WARNING_EDGE,
    right: LIST_WARNING_EDGE,
  },
};

/** The fill of a row of screening results showing an exact match, and a near match (paler). */
const FINDING_FILLS: Readonly<Record<RowFinding, string>> = {
  match: "FFF8D7DA",
  "near-match": "FFFFF3CD",
};

/**
 * The style of a cell holding a value of a kind, shared by every cell that uses it (exceljs
 * caches style ids by object identity): the kind's number format, monospace for addresses and
 * hashes, numbers to the right, and prose wrapped where its column wraps. A `number`'s format
 * depends on the value (`excelNumberFormat(kind, value)`). `indent`: a left-aligned value one
 * indent off its column's left edge, where the column before it aligns right, so a rank never
 * prints against an address ("1123WBUD…") nor an amount against a word ("$1,800,000.00Yes").
 * `finding`: the row shows a match (tinted, bold) or a near match (paler tint), `rowFindings`.
 */
const cellStyles = new Map<string, Style>();
export function cellStyle(
  kind: ValueKind,
  wrap: boolean,
  align?: "left",
  value?: unknown,
  options: { readonly indent?: boolean; readonly finding?: RowFinding | undefined } = {},
): Style {
  const numFmt = excelNumberFormat(kind, typeof value === "number" ? value : undefined);
  const traits = VALUE_KIND_TRAITS[kind];
  const horizontal = align ?? traits.align;
  const indent = options.indent === true && horizontal === "left";
  const finding = options.finding;
  const key = `${kind}:${numFmt}:${wrap}:${align}:${indent}:${finding}`;
  let style = cellStyles.get(key);
  if (style === undefined) {
    const bold = finding === "match" ? { bold: true } : {};
    style = {
      ...(numFmt === "General" ? {} : { numFmt }),
      font: traits.monospace ? { name: MONO_FONT, size: MONO_SIZE, ...bold } : body(bold),
      alignment: {
        horizontal,
        vertical: "top",
        ...(indent ? { indent: 1 } : {}),
        ...(wrap && !traits.keepWhole ? { wrapText: true } : {}),
      },
      ...(finding === undefined ? {} : { fill: findingFill(finding) }),
    };
    cellStyles.set(key, style);
  }
  return style;
}

/** An empty cell of a highlighted row: the row's tint. */
const emptyStyles = new Map<RowFinding, Style>();
function findingFill(finding: RowFinding): ExcelJS.Fill {
  return { type: "pattern", pattern: "solid", fgColor: { argb: FINDING_FILLS[finding] } };
}
export function emptyCellStyle(finding: RowFinding): Style {
  let style = emptyStyles.get(finding);
  if (style === undefined) {
    style = { fill: findingFill(finding) };
    emptyStyles.set(finding, style);
  }
  return style;
}

/** The label cell (column A of a Summary grid) of a highlighted row: bold, tinted. */
const labelStyles = new Map<RowFinding, Style>();
export function findingLabelStyle(finding: RowFinding): Style {
  let style = labelStyles.get(finding);
  if (style === undefined) {
    style = { ...LABEL_STYLE, fill: findingFill(finding) };
    labelStyles.set(finding, style);
  }
  return style;
}
