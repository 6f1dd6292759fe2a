import type { ReportTable } from "../model/report.js";
import { labelOfKey } from "./label-of-key.js";

/** The header text of a table's columns: as carried, else each key humanized. */
export const columnLabelsOf = (table: ReportTable): readonly string[] =>
  table.columnLabels ?? table.columns.map(labelOfKey);
