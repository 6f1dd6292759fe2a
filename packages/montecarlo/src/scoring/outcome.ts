/** Throws a `RangeError` naming `where` unless `y` is a non-negative integer (an outcome count). */
export function requireNonNegativeInteger(where: string, y: number): void {
  if (!Number.isInteger(y) || y < 0) {
    throw new RangeError(`${where}: y must be a non-negative integer, got ${y}`);
  }
}
