import { type Degradation, type Scalar, spreadsheetValue, type ValueKind } from "@svc/report-model";
import { MAX_CELL_TEXT } from "./columns.js";

export type CellValue = string | number | undefined;

/**
 * What a cell holds for a value of a kind (`spreadsheetValue`: numbers stay numbers, status
 * words read as words, Yes/No), and the text it shows, for widths. Records (once per table)
 * what Excel cannot hold: non-finite numbers, over-long text.
 */
export class CellValues {
  #nonFinite = false;
  #truncated = false;
  constructor(
    private readonly path: string,
    private readonly degradations: Degradation[],
  ) {}

  value(v: Scalar | undefined, kind: ValueKind): CellValue {
    if (v === null || v === undefined) return undefined;
    const cell = spreadsheetValue(v, kind);
    if (cell === null) return undefined;
    if (typeof cell === "number") {
      if (Number.isFinite(cell)) return cell;
      if (!this.#nonFinite) {
        this.#nonFinite = true;
        this.degradations.push({
          path: this.path,
          reason: "XLSX cells cannot hold NaN or Infinity; those values are left empty",
        });
      }
      return undefined;
    }
    if (cell.length > MAX_CELL_TEXT) {
      if (!this.#truncated) {
        this.#truncated = true;
        this.degradations.push({
          path: this.path,
          reason: `text longer than Excel's ${MAX_CELL_TEXT}-character cell limit is cut off`,
        });
      }
      return cell.slice(0, MAX_CELL_TEXT);
    }
    return cell;
  }
}
