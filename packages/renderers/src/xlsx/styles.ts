import { excelNumberFormat, VALUE_KIND_TRAITS, type ValueKind } from "@svc/report-model";
import type ExcelJS from "exceljs";

export type Style = Partial<ExcelJS.Style>;

/** The face addresses and hashes are set in: monospace, on every Office install. */
export const MONO_FONT = "Consolas";
/** Its size: a point under the body's 11, so a 95-character Monero address stays narrow. */
export const MONO_SIZE = 10;

const HEADER_FILL = "FF1F3A5F";
export const WHITE = "FFFFFFFF";
export const RED = "FFB91C1C";

/** A table's header row: bold white on dark blue, wrapped (a long label takes two lines). */
export const HEADER_STYLE: Style = {
  font: { bold: true, color: { argb: WHITE } },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: HEADER_FILL } },
  alignment: { vertical: "middle", wrapText: true },
};
export const PLAIN_STYLE: Style = {};
export const TITLE_STYLE: Style = { font: { bold: true, size: 16 } };
export const SUBTITLE_STYLE: Style = {
  font: { italic: true, size: 12, color: { argb: "FF595959" } },
};
export const LABEL_STYLE: Style = {
  font: { bold: true },
  alignment: { vertical: "top", wrapText: true },
};
export const SECTION_STYLE: Style = { font: { bold: true, size: 12 } };
export const WRAP_STYLE: Style = { alignment: { wrapText: true, vertical: "top" } };
/** The sample-edition warning: white bold on red, the first row of the Summary. */
export const SAMPLE_STYLE: Style = {
  font: { bold: true, size: 12, color: { argb: WHITE } },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: RED } },
  alignment: { vertical: "middle" },
};
/** A list warning (a stale list, say): bold red on pale red, boxed, wrapped across the columns. */
const LIST_WARNING_EDGE = { style: "medium", color: { argb: RED } } as const;
export const LIST_WARNING_STYLE: Style = {
  font: { bold: true, size: 11, color: { argb: RED } },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: "FFFEF2F2" } },
  alignment: { wrapText: true, vertical: "middle" },
  border: {
    top: LIST_WARNING_EDGE,
    bottom: LIST_WARNING_EDGE,
    left: LIST_WARNING_EDGE,
    right: LIST_WARNING_EDGE,
  },
};

/**
 * The style of a cell holding a value of a kind, shared by every cell that uses it (exceljs
 * caches style ids by object identity): the kind's number format, monospace for addresses and
 * hashes, numbers to the right, and prose wrapped where its column wraps. A `number`'s format
 * depends on the value (`excelNumberFormat(kind, value)`).
 */
const cellStyles = new Map<string, Style>();
export function cellStyle(kind: ValueKind, wrap: boolean, align?: "left", value?: unknown): Style {
  const numFmt = excelNumberFormat(kind, typeof value === "number" ? value : undefined);
  const key = `${kind}:${numFmt}:${wrap}:${align}`;
  let style = cellStyles.get(key);
  if (style === undefined) {
    const traits = VALUE_KIND_TRAITS[kind];
    style = {
      ...(numFmt === "General" ? {} : { numFmt }),
      ...(traits.monospace ? { font: { name: MONO_FONT, size: MONO_SIZE } } : {}),
      alignment: {
        horizontal: align ?? traits.align,
        vertical: "top",
        ...(wrap && !traits.keepWhole ? { wrapText: true } : {}),
      },
    };
    cellStyles.set(key, style);
  }
  return style;
}
