import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { FormatVerdict } from "./address-format.js";

/** Longest address accepted for screening; the longest real designation is 95 chars (XMR). */
export const MAX_ADDRESS_LENGTH = 256;

/**
 * Rejects what cannot be an address at all: not a string, empty, too long, or holding a
 * character no published address has (every designation since 2022 is printable ASCII without
 * spaces). The last rule closes an evasion: a sanctioned address with a zero-width space, a
 * control character or a look-alike letter inside is not on the list, and would otherwise be
 * answered "clear". What passes here is then checked against its address format
 * (`classifyAddress`); a string in no recognized format is screened as typed (after trimming).
 */
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
  const odd = /[^\x21-\x7e]/u.exec(trimmed);
  if (odd !== null) {
    const code = (odd[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    throw new OfacIndexError(
      "INVALID_ADDRESS",
      `${path} contains U+${code} at position ${odd.index + 1}: addresses are printable ASCII without spaces, so this is refused rather than answered clear`,
      { details: { path, codePoint: `U+${code}`, position: odd.index + 1 } },
    );
  }
  return input;
}

/**
 * The refusal of a string that is in a recognized address format but fails that format's check
 * (a checksum, a case rule): it cannot be the address anyone meant, and answering it "clear"
 * would hand a typo a clean bill. The index raises it only when the string is not itself on the
 * list (OFAC's own published strings always match as published).
 */
export function malformedAddressError(verdict: FormatVerdict, path = "address"): OfacIndexError {
  return new OfacIndexError(
    "INVALID_ADDRESS",
    `${path} cannot be an address (${verdict.format} format): ${verdict.problem ?? "its check fails"}. A string that fails its format's check is refused, never answered clear`,
    { details: { path, addressFormat: verdict.format, reason: verdict.problem } },
  );
}
