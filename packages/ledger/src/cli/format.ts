import { USDC_DECIMALS } from "@svc/payments";

/** Atomic USDC units as a decimal amount: "10000" → "0.01", "1250000" → "1.25". */
export function usdc(atomic: string): string {
  const value = BigInt(atomic);
  const unit = 10n ** BigInt(USDC_DECIMALS);
  const fraction = (value % unit).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "");
  return `${value / unit}.${fraction.padEnd(2, "0")}`;
}

/** Columns of text aligned under their headers; numbers (named in `right`) aligned right. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<string> = new Set(),
): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        right.has(headers[i] ?? "") ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

/** Labelled values, one a line, each value aligned after the longest label. */
export function list(rows: readonly (readonly [label: string, value: string])[]): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`.trimEnd()).join("\n");
}
