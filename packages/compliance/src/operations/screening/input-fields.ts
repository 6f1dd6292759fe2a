import { MAX_ADDRESS_LENGTH } from "@svc/ofac-index";
import { boundedArray } from "@svc/report-model";
import * as v from "valibot";
import { EDD_OUTPUT_FORMATS } from "./edd-case.js";

/**
 * The request members the screening routes share, defined once so the four routes refuse the
 * same things with the same words (and publish the same JSON Schema). A request holds 1 to
 * 100 addresses; the address length is the index's own limit, so the schema and `assertScreenableAddress`
 * never disagree about what is too long.
 */

/** A batch or EDD request holds 1 to 100 addresses. */
export const MAX_BATCH_ADDRESSES = 100;

/** Spaces alone are no address: the index refuses what is blank once trimmed, and so does the schema. */
const notBlank = (address: string): boolean => address.trim() !== "";

/**
 * One address as supplied; `name` is how messages call it (`address`, `each address`). The MCP
 * tools ask for at least 10 characters (`minLength`); the routes only refuse an empty one. An
 * empty address and one of spaces alone are refused alike, as input (`INVALID_INPUT`, "must not
 * be empty"), before the index sees them.
 *
 * The blank rule follows a second `string` schema: the published JSON Schema ends where the
 * first schema's checks end (it has no word for "not blank" short of a pattern, which would
 * change what the routes and tools publish), and a pipe stops before that second schema once an
 * issue exists, so an empty address is refused once, by `minLength`.
 */
export const addressField = (name: string, description: string, minLength = 1) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.minLength(
      minLength,
      minLength === 1
        ? `${name} must not be empty`
        : `${name} must be at least ${minLength} characters`,
    ),
    v.maxLength(MAX_ADDRESS_LENGTH, `${name} must be at most ${MAX_ADDRESS_LENGTH} characters`),
    v.description(description),
    v.string(),
    v.check(notBlank, `${name} must not be empty`),
  );

/**
 * The optional asset or network ticker. It never narrows the answer: an SDN's address is
 * blocked whatever the asset, so a listed address matches under any ticker; the asset orders
 * the matches and the answer says whether the address is listed under it.
 */
export const assetField = v.optional(
  v.pipe(
    v.string("asset must be a string"),
    v.minLength(2, "asset must be 2 to 12 characters"),
    v.maxLength(12, "asset must be 2 to 12 characters"),
    v.description(
      "Optional asset or network ticker, e.g. ETH, XBT (BTC is accepted), USDT, TRX. It never hides a match: an SDN's address is blocked whatever the asset, so a listed address matches under any ticker; that ticker's designations come first and query.assetListed, query.listedAssets and query.note say whether it is listed under it. An asset the list edition does not cover is refused (UNSUPPORTED_ASSET).",
    ),
  ),
);

/**
 * A batch (screening or EDD) holds 1 to 100 addresses. Duplicates are accepted: each entry is
 * screened and reported at its position, so a caller can zip results with its own rows.
 * The count is checked before any address: a list of the wrong size is refused with that one
 * issue, never with one issue per element.
 */
export const addressesField = (description: string, minLength = 1) =>
  boundedArray(addressField("each address", "A wallet address, as supplied.", minLength), {
    min: 1,
    max: MAX_BATCH_ADDRESSES,
    message: "addresses must be an array of strings",
    minMessage: `addresses must hold 1 to ${MAX_BATCH_ADDRESSES} addresses`,
    maxMessage: `addresses must hold 1 to ${MAX_BATCH_ADDRESSES} addresses`,
    description,
  });

/** json, or a document rendered from the answer's report (the EDD route and the MCP tools). */
export const outputFormatField = (description: string) =>
  v.pipe(
    v.picklist(EDD_OUTPUT_FORMATS, 'output_format must be "json", "pdf" or "docx"'),
    v.description(description),
  );

/** An optional free-text member of at most `max` characters (EDD case metadata). */
export const optionalText = (name: string, description: string, max = 200) =>
  v.optional(
    v.pipe(
      v.string(`${name} must be a string`),
      v.maxLength(max, `${name} must be at most ${max} characters`),
      v.description(description),
    ),
  );

/**
 * A request (a POST body, or a GET's path and query parameters) that refuses members it does
 * not list (`additionalProperties` is false on every POST body but the document routes'). The message names the
 * unknown member and what is accepted (or the required member that is missing), and the issue
 * path is the member itself, so the API can point at it.
 */
export const strictInput = <const TEntries extends v.ObjectEntries>(entries: TEntries) => {
  const accepted = Object.keys(entries).join(", ");
  return v.strictObject(entries, (issue) => {
    if (issue.expected === "never") {
      return `unknown member ${issue.received}: this request accepts ${accepted} only`;
    }
    // A required member that is absent: the issue's path ends at that member.
    const missing = issue.received === "undefined" ? issue.path?.at(-1)?.key : undefined;
    return missing === undefined
      ? "the request must be a JSON object"
      : `${String(missing)} is required`;
  });
};

/** The index's screen options from an optional `asset` member (absent means every ticker). */
export const screenOptions = (asset: string | undefined): { asset?: string } =>
  asset === undefined ? {} : { asset };
