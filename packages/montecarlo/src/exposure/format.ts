/** x rounded to `digits` decimals (a number, for tables and metrics). */
export const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** A probability as a percentage for prose: "53.79%", "0.0042%", "0%", "100%". */
export function percent(p: number): string {
  const x = 100 * p;
  if (x === 0 || x === 100) return `${x}%`;
  if (Math.abs(x) >= 0.01) return `${x.toFixed(2)}%`;
  return `${Number(x.toPrecision(2))}%`;
}
