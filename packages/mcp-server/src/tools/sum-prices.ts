/** USD decimal strings added exactly, in millionths (USDC's precision): "0.04" + "0.05" = "0.09". */
export function sumPrices(...prices: readonly string[]): string {
  const micros = prices.reduce((total, price) => {
    const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(price);
    if (match === null) throw new RangeError(`not a USD price: ${JSON.stringify(price)}`);
    return (
      total + BigInt(match[1] as string) * 1_000_000n + BigInt((match[2] ?? "").padEnd(6, "0"))
    );
  }, 0n);
  const whole = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}
