import { type FormatVerdict, formatTitle } from "../address/address-format.js";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { NearMatch } from "../near/near-match-index.js";

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

/** How a refusal shows what came: the string, clipped to a readable length. */
const shown = (input: string): string =>
  JSON.stringify(input.length > 70 ? `${input.slice(0, 67)}...` : input);

/** `the listed address 0x… of Lazarus Group`. */
const listedPhrase = (m: NearMatch): string =>
  `the listed address ${m.address}${m.parties.length === 0 ? "" : ` of ${m.parties.map((p) => p.entityName).join(" and ")}`}`;

/**
 * The refusal of a string that is no address: it fits no format screened here, or breaks the
 * rules of the format it is written in (a checksum, a letter case, a length). It cannot be the
 * address anyone meant, and answering it "clear" would hand a typo a clean bill. The index
 * raises it only when the string is not itself on the list (OFAC's own published strings always
 * match as published). `near`: listed addresses the string comes close to, named in the message
 * (a typo of a sanctioned address is worth a reviewer's look) and in `details.nearListed`.
 */
export function malformedAddressError(
  verdict: FormatVerdict,
  path = "address",
  input?: string,
  near: readonly NearMatch[] = [],
): OfacIndexError {
  const what = input === undefined ? path : `${path} ${shown(input.trim())}`;
  const why = verdict.problem ?? "its check fails";
  const head =
    verdict.format === "unrecognized"
      ? `${what} is not an address: ${why}`
      : `${what} is not a valid ${formatTitle(verdict.format)} address: ${why}`;
  const closest = near[0];
  const hint =
    closest === undefined
      ? ""
      : ` It is ${closest.reasons.includes("letter_case") ? "the characters of" : closest.editDistance === 1 ? "one character from" : "two characters from"} ${listedPhrase(closest)}${closest.reasons.includes("letter_case") ? " in another letter case" : ""}: check where this string came from.`;
  return new OfacIndexError(
    "INVALID_ADDRESS",
    `${head}. It is refused, never answered clear.${hint}`,
    {
      details: {
        path,
        addressFormat: verdict.format,
        reason: why,
        ...(input === undefined ? {} : { received: input.trim().slice(0, 100) }),
        ...(near.length === 0
          ? {}
          : {
              nearListed: near.map((m) => ({
                address: m.address,
                parties: m.parties.map((p) => p.entityName),
                reasons: m.reasons,
                editDistance: m.editDistance,
              })),
            }),
      },
    },
  );
}
