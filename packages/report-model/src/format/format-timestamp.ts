/**
 * The one way every document writes an instant: `2025-11-19 14:03:07 UTC` (date, time to the
 * second, always in UTC: an instant with an offset is converted, never printed with it). An ISO
 * 8601 instant (with `Z` or an offset) or a `Date`; a string that is no such instant is returned
 * as written, since a value that does not fit its kind is shown as what it is.
 */
export function formatTimestamp(instant: string | Date): string {
  if (typeof instant === "string" && !ISO_INSTANT.test(instant)) return instant;
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return typeof instant === "string" ? instant : "";
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)} UTC`;
}

/** `YYYY-MM-DD` then `T` or a space, the time to the minute or further, and `Z` or an offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
