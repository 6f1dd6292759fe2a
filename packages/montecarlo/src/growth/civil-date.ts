/**
 * Calendar dates as day numbers, without the clock or the built-in date class (the package is pure): a
 * "YYYY-MM-DD" string in the proleptic Gregorian calendar becomes the number of days since
 * 1970-01-01 (Howard Hinnant's `days_from_civil`).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a "YYYY-MM-DD" date; throws a `RangeError` naming `where`/`name`. */
export function dayNumber(where: string, name: string, date: string): number {
  const m = typeof date === "string" ? DATE.exec(date) : null;
  const y = m ? Number(m[1]) : Number.NaN;
  const mo = m ? Number(m[2]) : Number.NaN;
  const d = m ? Number(m[3]) : Number.NaN;
  if (!m || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new RangeError(
      `${where}: ${name} must be a calendar date "YYYY-MM-DD", got ${JSON.stringify(date)}`,
    );
  }
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
