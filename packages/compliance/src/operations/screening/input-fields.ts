import { MAX_ADDRESS_LENGTH } from "@svc/ofac-index";
import { boundedArray, objectMessage, publishedAs, receivedType } from "@svc/report-model";
import * as v from "valibot";
import { EDD_OUTPUT_FORMATS } from "./edd-case.js";

/**
 * The request members the screening operations share, defined once so the four routes and their
 * MCP tools refuse the same things with the same words (and publish the same JSON Schema). A
 * request holds 1 to 100 addresses; what an address is, the index decides.
 */

/** A batch or EDD request holds 1 to 100 addresses. */
export const MAX_BATCH_ADDRESSES = 100;

/** Shortest address string the published schemas name (no address format has fewer than 25). */
export const MIN_ADDRESS_LENGTH = 10;

/**
 * One address as supplied; `name` is how messages call it (`address`, `each address`). The
 * schema takes any string: whether a string is an address is the screening's call (its formats,
 * checksums and letter cases, and OFAC's own published strings, which match whatever their
 * shape), so an empty, blank, overlong, non-ASCII or malformed string is refused by the index,
 * as `INVALID_ADDRESS` with the reason and its path, over HTTP and MCP alike. The JSON Schema
 * publishes the length bounds that screening enforces (at least 10 characters, no address being
 * shorter; at most the index's limit), so a client can check them before it calls.
 */
export const addressField = (name: string, description: string) =>
  v.pipe(
    publishedAs(
      v.string((issue) => `${name} must be a string; got ${receivedType(issue.input)}`),
      v.pipe(v.string(), v.minLength(MIN_ADDRESS_LENGTH), v.maxLength(MAX_ADDRESS_LENGTH)),
    ),
    v.description(description),
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
export const addressesField = (description: string) =>
  boundedArray(addressField("each address", "A wallet address, as supplied."), {
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
 * not list (`additionalProperties` is false on every POST body but the document routes'). Its
 * words are report-model's `objectMessage`: an unknown member is named with what is accepted
 * (`unknown member "chain": this object accepts address, asset only`), a missing one with what
 * it expects (`address is required: …`), and the issue path is the member itself, so the API can
 * point at it; a request that is no object says what came instead.
 */
export const strictInput = <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.strictObject(entries, objectMessage("the request", entries));

/** The index's screen options from an optional `asset` member (absent means every ticker). */
export const screenOptions = (asset: string | undefined): { asset?: string } =>
  asset === undefined ? {} : { asset };
