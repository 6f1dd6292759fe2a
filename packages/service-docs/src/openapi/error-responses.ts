import { FAILURE_CODES } from "@svc/compliance";
import { headerRef, schemaRef } from "./openapi-refs.js";
import { MAX_TARGET_LENGTH } from "./request-limits.js";

/**
 * The codes the HTTP transport answers itself (apps/http's `problem` calls, and the payment
 * gate's), whatever the operation behind the route: the request target, the body, the rate, a
 * fault, and the payment's facilitator and ledger.
 */
export const TRANSPORT_CODES = {
  /** 400: an absolute-form target naming another host, or a Host header too long. */
  badTarget: "INVALID_REQUEST_TARGET",
  /** 414: a path and query longer than the service reads. */
  uriTooLong: "URI_TOO_LONG",
  /** 400: a body that is not JSON. */
  malformedJson: "MALFORMED_JSON",
  /** 400: input refused by its schema (with the field paths). */
  invalidInput: "INVALID_INPUT",
  /** 415: a body sent as another media type than JSON. */
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  /** 413: a body over the route's limit, refused unread. */
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  /** 429: a client past its rate, where a route has one. */
  rateLimited: "RATE_LIMITED",
  /** 500: a fault; the caller is told nothing more (never a stack trace). */
  internal: "INTERNAL_ERROR",
  /** 503: the payment facilitator or the payment ledger failed; nothing was charged. */
  facilitatorUnavailable: "PAYMENT_FACILITATOR_UNAVAILABLE",
  ledgerUnavailable: "PAYMENT_LEDGER_UNAVAILABLE",
} as const;

const T = TRANSPORT_CODES;

/** The Error body whose `code` is one of `codes` (any, when none is listed). */
const errorSchemaOf = (codes: readonly string[]) =>
  codes.length === 0
    ? schemaRef("Error")
    : {
        allOf: [
          schemaRef("Error"),
          { type: "object", properties: { code: { type: "string", enum: [...new Set(codes)] } } },
        ],
      };

/**
 * An error response: its description, the Error body with the codes it can carry (an example
 * with the first), and its headers (`Retry-After` where the service sends one).
 */
export function errorResponse(
  description: string,
  codes: readonly string[],
  options: { readonly retryAfter?: boolean; readonly example?: Record<string, unknown> } = {},
) {
  const [first] = codes;
  return {
    description:
      codes.length === 0
        ? description
        : `${description} \`code\`: ${[...new Set(codes)].join(", ")}.`,
    ...(options.retryAfter === true ? { headers: { "Retry-After": headerRef("RetryAfter") } } : {}),
    content: {
      "application/json": {
        schema: errorSchemaOf(codes),
        ...(options.example !== undefined
          ? { example: options.example }
          : first === undefined
            ? {}
            : { example: { success: false, error: description, code: first } }),
      },
    },
  };
}

/** What every route answers whatever it does: 400 for a request target it refuses, 414, 500. */
export const everyRouteRefusals = (badRequestCodes: readonly string[], badRequest: string) => ({
  "400": errorResponse(badRequest, [...badRequestCodes, T.badTarget]),
  "414": errorResponse(
    `The path and query are longer than the service reads (${MAX_TARGET_LENGTH} characters).`,
    [T.uriTooLong],
  ),
  "500": errorResponse(
    "The service failed to answer; nothing was charged. The caller is told nothing more.",
    [T.internal],
  ),
});

/** The refusals of a JSON body: too large (unread), not JSON, not of the JSON media type. */
export const bodyRefusals = (maxBytes: number, tooLargeCodes: readonly string[] = []) => ({
  "413": errorResponse(`The body is over ${maxBytes} bytes; it is not read.`, [
    T.payloadTooLarge,
    ...tooLargeCodes,
  ]),
  "415": errorResponse("The body is not JSON (Content-Type: application/json).", [
    T.unsupportedMediaType,
  ]),
});

/** The 429 of a rate-limited route, with the seconds to wait. */
export const rateLimited = (burst: number, perSecond: number) => ({
  "429": errorResponse(
    `Too many requests from this client: at most ${burst} at once, then ${perSecond} a second; the body is not read.`,
    [T.rateLimited],
    { retryAfter: true },
  ),
});

/**
 * The refusals of a paid operation besides its 402: its input (400, with the field paths; for a
 * POST also a body that is not JSON; 413 and 415), a run or a payment that could not be made
 * (503, with Retry-After where the service knows when to retry), and what every route answers.
 * Nothing refused is charged. The codes are every code a refusal of the catalog carries
 * (`FAILURE_CODES`) with the transport's.
 */
export const paidRefusals = (method: "GET" | "POST", maxBytes: number) => ({
  ...everyRouteRefusals(
    [...(method === "POST" ? [T.malformedJson] : []), ...FAILURE_CODES[400]],
    "The input was refused, with each issue's field path (after payment: a refused input is not charged).",
  ),
  ...(method === "POST" ? bodyRefusals(maxBytes, FAILURE_CODES[413]) : {}),
  "503": errorResponse(
    "The sanctions list, the document renderer, the run's deadline, the payment facilitator or the payment ledger failed it; nothing was run or charged.",
    [...FAILURE_CODES[503], T.facilitatorUnavailable, T.ledgerUnavailable],
    {
      retryAfter: true,
      example: {
        success: false,
        error: "No sanctions list is loaded: screening is refused rather than answered clear.",
        code: "LIST_UNAVAILABLE",
      },
    },
  ),
});
