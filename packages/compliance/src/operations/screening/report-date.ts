/**
 * The date a report or memo is dated (`report_meta.date`, `YYYY-MM-DD`, UTC): the day it was
 * produced, not the list's edition date, which the freshness table states separately. One
 * place, so a test or a caller can see where the only clock of the screening operations is.
 */
export const reportDate = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
