import { USDC_DECIMALS } from "./usdc.js";

/**
 * A USD price written as a decimal string ("0.01", "0.25") in atomic USDC units ("10000",
 * "250000"): price × 10^6, computed on the digits, so no binary rounding can make $0.07 cost
 * 69999 units. Refuses anything that is not a plain non-negative decimal with at most 6 places.
 */
export function atomicUsdc(price: string): string {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(price);
  if (match === null) {
    throw new RangeError(
      `price must be a decimal string with at most ${USDC_DECIMALS} places, got ${JSON.stringify(price)}`,
    );
  }
  const whole = match[1] as string;
  const fraction = (match[2] ?? "").padEnd(USDC_DECIMALS, "0");
  return BigInt(`${whole}${fraction}`).toString();
}

/** "$0.09 USDC": how a price is shown to people. */
export const displayPrice = (price: string): string => `$${price} USDC`;

/**
 * USD prices added exactly, on their atomic USDC amounts: "0.04" + "0.05" = "0.09" (a tool that
 * does the work of two routes costs their sum). Written with at least two decimals.
 */
export function sumPrices(...prices: readonly string[]): string {
  const atomic = prices.reduce((total, price) => total + BigInt(atomicUsdc(price)), 0n);
  const unit = 10n ** BigInt(USDC_DECIMALS);
  const fraction = (atomic % unit).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "");
  return `${atomic / unit}.${fraction.padEnd(2, "0")}`;
}
