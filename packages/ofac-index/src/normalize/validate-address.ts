import { OfacIndexError } from "../errors/ofac-index-error.js";

/** Longest address accepted for screening; the longest real designation is 95 chars (XMR). */
export const MAX_ADDRESS_LENGTH = 256;

/** Rejects what cannot be an address at all; anything else is screened as typed. */
export function assertScreenableAddress(input: unknown, path = "address"): string {
  if (typeof input !== "string") {
    throw new OfacIndexError("INVALID_ADDRESS", `${path} must be a string`, { details: { path } });
  }
  const trimmed = input.trim();
  if (trimmed.length === 0) {
    throw new OfacIndexError("INVALID_ADDRESS", `${path} is empty`, { details: { path } });
  }
  if (trimmed.length > MAX_ADDRESS_LENGTH) {
    throw new OfacIndexError(
      "INVALID_ADDRESS",
      `${path} is ${trimmed.length} characters long; the limit is ${MAX_ADDRESS_LENGTH}`,
      { details: { path } },
    );
  }
  return input;
}
