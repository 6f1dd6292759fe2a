/** The first value that is text with something besides spaces, trimmed; null when none is. */
export const firstText = (...values: unknown[]): string | null => {
  for (const v of values) if (typeof v === "string" && v.trim() !== "") return v.trim();
  return null;
};
