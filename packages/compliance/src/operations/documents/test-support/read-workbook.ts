import { createRequire } from "node:module";

/**
 * Reads workbooks back with exceljs, as a recipient's spreadsheet code would. exceljs is a
 * dependency of @svc/renderers, not of this package, so it is resolved from there (the same
 * version that wrote the file).
 */

/** What the tests use of an exceljs workbook. */
export interface Workbook {
  readonly worksheets: readonly {
    readonly name: string;
    readonly rowCount: number;
    getRow(n: number): { readonly values: readonly unknown[] };
  }[];
}

const renderersRequire = createRequire(
  new URL("../../../../node_modules/@svc/renderers/package.json", import.meta.url),
);
const ExcelJS = renderersRequire("exceljs") as {
  Workbook: new () => Workbook & { xlsx: { load(data: Buffer): Promise<unknown> } };
};

/** An XLSX loaded with exceljs. */
export async function xlsxWorkbook(base64: string): Promise<Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, "base64"));
  return workbook;
}

/** Every row of a sheet as an array of cell values (exceljs rows are 1-based, cell 0 unused). */
export function sheetRows(workbook: Workbook, name: string): unknown[][] {
  const sheet = workbook.worksheets.find((s) => s.name === name);
  if (sheet === undefined) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) rows.push(sheet.getRow(n).values.slice(1));
  return rows;
}
