/**
 * Numbers as a reader checks them: separators in the thousands, a few significant digits, never
 * a float's tail (0.4755753139053136). All in en-US, the service's document language.
 */

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const significant = (digits: number) =>
  new Intl.NumberFormat("en-US", { maximumSignificantDigits: digits });
const three = significant(3);
const four = significant(4);
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An integer with separators: 20000 → "20,000"; a fraction falls back to `formatNumber`. */
export const formatCount = (n: number): string =>
  Number.isInteger(n) ? grouped.format(n) : formatNumber(n);

/**
 * Any number: integers with separators; from 1,000 up at most two decimals ("49,503.56"); from 1
 * four significant digits ("1.076"); below 1 three ("0.0366"); below 0.0001 in exponent form
 * ("9.9e-7").
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return grouped.format(n);
  const a = Math.abs(n);
  if (a >= 1000) return twoDecimals.format(n);
  if (a >= 1) return four.format(n);
  if (a >= 1e-4) return three.format(n);
  return exponent(n);
}

/** 9.897298370094478e-7 → "9.9e-7". */
function exponent(n: number): string {
  const [mantissa = "0", power = "0"] = n.toExponential(2).split("e");
  return `${Number(mantissa)}e${Number(power)}`;
}

/**
 * A value in percent units: "7.61%", "33.3%", "-3.3%", from 100 up whole ("4,804%"), "0%"
 * only for 0.
 */
export function formatPercentUnits(p: number): string {
  if (!Number.isFinite(p)) return String(p);
  if (p === 0) return "0%";
  if (Math.abs(p) >= 100) return `${grouped.format(p)}%`;
  if (Math.abs(p) < 1e-4) return `${exponent(p)}%`;
  return `${three.format(p)}%`;
}

const two = significant(2);

/**
 * A probability in [0, 1] as a percentage of two significant digits, the precision a forecast
 * has ("48%", "6.9%", "0.23%"); "0%" and "100%" only for exactly 0 and 1. Below 0.01% (one in
 * ten thousand) it is "< 0.01%": further digits would only restate an assumption (a hazard that
 * may be off tenfold) as if measured. What rounds to 100% without being certain is "> 99%".
 * Outside [0, 1] it is not a probability: shown as a number.
 */
export function formatProbability(p: number): string {
  if (!(p >= 0 && p <= 1)) return formatNumber(p);
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  const pct = p * 100;
  if (pct < 0.01) return "< 0.01%";
  const shown = two.format(pct);
  return shown === "100" ? "> 99%" : `${shown}%`;
}

/** A multiplier: "12.3×", "1.05×", from 100 up whole ("11,649×"). */
export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return "0×";
  if (Math.abs(x) >= 100) return `${grouped.format(x)}×`;
  return `${three.format(x)}×`;
}

/** USD: "$0.25", "$49,503.56", "-$1.00"; a non-zero amount under a cent is "< $0.01". */
export function formatMoney(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x !== 0 && Math.abs(x) < 0.005) return x > 0 ? "< $0.01" : "> -$0.01";
  return usd.format(x);
}
