import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { REFUSALS } from "../authorization/refusal-reasons.js";
import { type PaymentGate, PaymentUnavailableError } from "../gate/payment-gate.js";
import { lruExpiry } from "../offer-receipt/offer-receipt-terms.js";
import {
  type PaidCallOutcome,
  paidCall,
  UNPAID,
  type UnavailableBody,
  unavailableBody,
} from "../paid-call/paid-call.js";
import type { AuthorizationKey, ServedRecord } from "../reservation/reservation-store.js";
import { challengeBody } from "./challenge-body.js";
import { encodeJsonHeader } from "./header-codec.js";

declare module "hono" {
  interface ContextVariableMap {
    /** What the paid answer was computed on (`recordServed`), for the payment's record. */
    "x402.served": ServedRecord;
    /** The authorization that pays for this request (set once it verified and was reserved). */
    "x402.authorization": AuthorizationKey;
    /** Set once this request's payment was settled, or recorded to be settled after the answer. */
    "x402.charged": boolean;
  }
}

/**
 * Marks the request as charged: its payment was settled inside the answer or recorded to be
 * settled after it. `requirePayment` marks its own; a transport that carries the receipt where
 * the middleware cannot see it (a paid MCP tool call's JSON-RPC result) marks it itself.
 */
export const markCharged = (c: Context): void => c.set("x402.charged", true);

/**
 * Whether this request was charged (`markCharged`): the one rule a request log reads. Never from
 * the answer's headers: a free receipt lookup carries `PAYMENT-RESPONSE` too, of a payment made
 * by another request.
 */
export const chargedHere = (c: Context): boolean => c.get("x402.charged") === true;

/**
 * The payment authorization this request runs on (network, token, payer, nonce), for a paid
 * route's handler: set once the payment verified and was reserved, before the handler runs;
 * undefined on a route without a gate.
 */
export const paidAuthorization = (c: Context): AuthorizationKey | undefined =>
  c.get("x402.authorization");

/**
 * Called by a paid route's handler: what its answer was computed on (the list edition, the
 * screened addresses), noted with the payment before it is settled.
 */
export const recordServed = (c: Context, record: ServedRecord): void =>
  c.set("x402.served", record);

/** The header names of x402 over HTTP: v2's, and v1's (`X-PAYMENT`, `X-PAYMENT-RESPONSE`). */
export const PAYMENT_HEADERS = {
  required: "PAYMENT-REQUIRED",
  signature: "PAYMENT-SIGNATURE",
  legacySignature: "X-PAYMENT",
  response: "PAYMENT-RESPONSE",
  legacyResponse: "X-PAYMENT-RESPONSE",
  /** Settlement after the answer: `pending` (no receipt yet), and the payment's id. */
  status: "X-Payment-Status",
  id: "X-Payment-Id",
} as const;

/**
 * How long the `PAYMENT-REQUIRED` header may grow (characters of base64) before the bazaar
 * declaration in it is shortened: the whole 402's headers must stay within 8 KB, what common
 * proxy buffers take, for the longest URL the service accepts (the URL is in the resource and in
 * each signed offer), with room for the other headers.
 */
const PAYMENT_REQUIRED_HEADER_BUDGET = 6 * 1024;

/**
 * The PaymentRequired as the `PAYMENT-REQUIRED` header carries it: whole, bazaar declaration
 * included, since an x402 v2 client pays from the header and echoes its `extensions` in the
 * payment, which is all the Bazaar catalogues; where that would exceed
 * `PAYMENT_REQUIRED_HEADER_BUDGET` (a long URL), the declaration without its output example
 * (optional in the extension, and still valid: its schema then says nothing of an output), and
 * only where even that does not fit, without the declaration (the body then keeps it: `challenge`).
 */
function headerPaymentRequired(paymentRequired: PaymentRequired): {
  readonly value: string;
  /** Whether the header still holds the bazaar declaration (whole or without its example). */
  readonly declared: boolean;
} {
  const whole = encodeJsonHeader(paymentRequired);
  const bazaar = paymentRequired.extensions?.bazaar;
  if (whole.length <= PAYMENT_REQUIRED_HEADER_BUDGET || !isRecord(bazaar)) {
    return { value: whole, declared: true };
  }
  const withBazaar = (value: unknown) =>
    encodeJsonHeader({
      ...paymentRequired,
      extensions: { ...paymentRequired.extensions, bazaar: value },
    });
  const short = withBazaar(withoutOutput(bazaar));
  if (short.length <= PAYMENT_REQUIRED_HEADER_BUDGET) return { value: short, declared: true };
  const { bazaar: _left, ...kept } = paymentRequired.extensions ?? {};
  // An empty object rather than none: x402's own helpers read `extensions` without a check.
  return { value: encodeJsonHeader({ ...paymentRequired, extensions: kept }), declared: false };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A bazaar declaration without its output example (`info.output`) and that part of its schema. */
function withoutOutput(bazaar: Record<string, unknown>): Record<string, unknown> {
  const info = isRecord(bazaar.info) ? bazaar.info : {};
  const schema = isRecord(bazaar.schema) ? bazaar.schema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const { output: _output, ...input } = info;
  const { output: _schema, ...inputSchema } = properties;
  return { ...bazaar, info: input, schema: { ...schema, properties: inputSchema } };
}

/**
 * The body and headers of a 402, stating the terms in every x402 version the gate takes them in,
 * each carrier holding only what no other does: v2's PaymentRequired, base64, as the
 * `PAYMENT-REQUIRED` header (with the discovery declaration, shortened only past the header's
 * budget: `headerPaymentRequired`), and as the JSON body what v1 clients pay from, or, with
 * nothing left to say, a short pointer to the header (`challengeBody`).
 */
function challenge(
  gate: PaymentGate,
  paymentRequired: PaymentRequired,
): { json: string; headers: Record<string, string> } {
  const header = gate.versions.includes(2) ? headerPaymentRequired(paymentRequired) : undefined;
  const json = JSON.stringify(challengeBody(gate, paymentRequired, header));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=UTF-8",
    "Cache-Control": "no-store",
  };
  if (header !== undefined) headers[PAYMENT_HEADERS.required] = header.value;
  return { json, headers };
}

/** 402 with the terms as the `PAYMENT-REQUIRED` header and as the body (`challenge`). */
function paymentRequiredResponse(gate: PaymentGate, paymentRequired: PaymentRequired): Response {
  const { json, headers } = challenge(gate, paymentRequired);
  return new Response(json, { status: 402, headers });
}

/** The same through hono's context, so headers set by earlier middleware merge cheaply. */
function respond402(c: Context, gate: PaymentGate, paymentRequired: PaymentRequired): Response {
  const { json, headers } = challenge(gate, paymentRequired);
  return c.body(json, 402, headers);
}

/**
 * An unpaid 402, encoded: its body and headers (`challenge`), and what writing it with plain
 * headers takes (`plainHeaders`): the headers with their names in lower case, sorted, as a `Headers`
 * object lists them, and the body's length in bytes.
 */
interface EncodedChallenge {
  readonly json: string;
  readonly headers: Record<string, string>;
  readonly sortedHeaders: readonly (readonly [string, string])[];
  readonly names: ReadonlySet<string>;
  readonly contentLength: string;
}

function encodedChallenge(gate: PaymentGate, paymentRequired: PaymentRequired): EncodedChallenge {
  const { json, headers } = challenge(gate, paymentRequired);
  const sortedHeaders = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    json,
    headers,
    sortedHeaders,
    names: new Set(sortedHeaders.map(([name]) => name)),
    contentLength: String(Buffer.byteLength(json)),
  };
}

/**
 * The headers of the unpaid 402 as a plain object: those set before (`earlier`: the request id,
 * CORS), the challenge's over them, as `c.body(json, 402, headers)` would write them, byte for
 * byte: names in lower case and sorted as a `Headers` object lists them, then `Content-Length`,
 * where the Node server puts it.
 */
function plainHeaders(earlier: Headers, encoded: EncodedChallenge): Record<string, string> {
  const own = encoded.sortedHeaders;
  const headers: Record<string, string> = {};
  let pending = 0;
  for (const [name, value] of earlier) {
    for (let o = own[pending]; o !== undefined && o[0] < name; o = own[++pending]) {
      headers[o[0]] = o[1];
    }
    // The challenge's own header wins, as the headers given to `c.body` do.
    if (!encoded.names.has(name)) headers[name] = value;
  }
  for (let o = own[pending]; o !== undefined; o = own[++pending]) headers[o[0]] = o[1];
  headers["Content-Length"] = encoded.contentLength;
  return headers;
}

/**
 * Answers the unpaid 402, with its headers as a plain object (`plainHeaders`), which the Node
 * server (@hono/node-server) writes as they are. Through `c.body` they would become a `Headers`
 * object, whose check of the ~5 KB `PAYMENT-REQUIRED` value and conversion back to what Node
 * writes cost more than anything else the service does for the 402. With a `Set-Cookie` set
 * before (which a plain object cannot repeat), through `c.body`. Reading the earlier headers
 * makes hono keep a response for them (`c.res`): it is dropped before the 402 is set, so that
 * none is merged in twice.
 */
function respondUnpaid(c: Context, encoded: EncodedChallenge): Response {
  const earlier = c.res.headers;
  c.res = undefined;
  c.res = earlier.has("set-cookie")
    ? c.body(encoded.json, 402, encoded.headers)
    : new Response(encoded.json, { status: 402, headers: plainHeaders(earlier, encoded) });
  return c.res;
}

/** How many encoded unpaid challenges a route keeps (one per URL a client used). */
const CHALLENGE_CACHE_SIZE = 64;

/**
 * The unpaid 402 of a route, encoded once per request URL: the hot path of any paid API (every
 * agent's first call) then costs no JSON serialization or base64 (and, with signed offers, no
 * signature). Bounded: a client varying the query string only evicts entries, one encoding (and
 * at most one signing) per miss. A challenge carrying signed offers, which expire, is reused
 * only for the gate's `reuse` time, so a cached one is re-signed well before its offers expire.
 */
function unpaidChallenges(gate: PaymentGate) {
  const reuse = gate.reuse;
  const encoded = new LRUCache<string, EncodedChallenge>({
    max: CHALLENGE_CACHE_SIZE,
    ...(reuse === undefined ? {} : lruExpiry(reuse)),
  });
  return async (url: string) => {
    let found = encoded.get(url);
    if (found === undefined) {
      const at = gate.at(url);
      found = encodedChallenge(at, await at.paymentRequired(UNPAID));
      encoded.set(url, found);
    }
    return found;
  };
}

/** 503: the facilitator or the ledger failed; nothing was charged. */
function unavailable(c: Context, body: UnavailableBody): Response {
  c.res = undefined;
  c.res = c.json(body, 503, { "Retry-After": "5", "Cache-Control": "no-store" });
  return c.res;
}

export interface RequirePaymentOptions {
  /**
   * The resource URL a request's 402 names (and its payment must name). Default: the request's
   * URL. A service with a configured public base URL passes one built on it, so a forged Host
   * header or an absolute-form request target never reaches a 402.
   */
  readonly resourceUrl?: ((c: Context) => string) | undefined;
}

/**
 * Hono middleware that puts one paid resource behind x402, mounted on the route itself
 * (`app.post(path, requirePayment(gate), handler)`), so whatever path spelling the router sends
 * to the handler, the payment check runs first: there is no second path matcher to trick.
 *
 * - No payment (`PAYMENT-SIGNATURE` from x402 v2 clients, `X-PAYMENT` from v1 clients): 402
 *   with the terms as v2's `PAYMENT-REQUIRED` header and, as the JSON body, v1's (without the
 *   discovery declaration the header holds); the handler does not run and the body is not read.
 * - HEAD: the unpaid 402's status and headers, whatever it carries; nothing runs or is charged.
 * - A payment that does not verify (shape, requirements, route, validity window, signature,
 *   funds, an authorization in use or used): 402 with the reason in `error`.
 * - Verified: its authorization is reserved and the handler runs. A 4xx or 5xx answer is
 *   returned as it is, never charged, and the authorization is free again. A success is settled
 *   on chain and only then sent, with `PAYMENT-RESPONSE` (v1: `X-PAYMENT-RESPONSE`); if
 *   settlement fails, the client gets
 *   a 402 with the reason and none of the content.
 * - With settlement after the answer (the gate's `deferred`), a payment within its limits is
 *   recorded once the handler succeeded and the answer sent at once, with
 *   `X-Payment-Status: pending` and `X-Payment-Id` instead of `PAYMENT-RESPONSE`; a payer
 *   refused by those limits gets a 402 with the reason, and nothing runs.
 * - The facilitator failing (unreachable, 5xx, timeout): 503 `PAYMENT_FACILITATOR_UNAVAILABLE`.
 *
 * The payment's lifecycle is `paidCall`'s, as the MCP adapter's is; this adapter only reads the
 * header, keeps the unpaid challenge encoded, and writes the outcome as statuses and headers.
 */
export function requirePayment(
  resourceGate: PaymentGate,
  options: RequirePaymentOptions = {},
): MiddlewareHandler {
  const unpaid = unpaidChallenges(resourceGate);
  const urlOf = options.resourceUrl ?? ((c: Context) => c.req.url);
  return async (c, next) => {
    try {
      const url = urlOf(c);
      if (c.req.method === "HEAD") {
        const { headers } = await unpaid(url);
        return c.body(null, 402, headers);
      }
      const header =
        c.req.header(PAYMENT_HEADERS.signature) ?? c.req.header(PAYMENT_HEADERS.legacySignature);
      if (header === undefined || header.trim() === "") {
        return respondUnpaid(c, await unpaid(url));
      }
      const gate = resourceGate.at(url);
      let payload: ReturnType<typeof decodePaymentSignatureHeader>;
      try {
        payload = decodePaymentSignatureHeader(header);
      } catch {
        return respond402(c, gate, await gate.paymentRequired(REFUSALS.invalidHeader));
      }
      const outcome = await paidCall(gate, payload, async (authorization) => {
        c.set("x402.authorization", authorization);
        await next();
        if (c.error !== undefined || c.res.status >= 400) return { charge: false, answer: c.res };
        const answer = c.res;
        // Read in full now: once paid, it is sent again with the payment's headers.
        const paid = new Response(await answer.arrayBuffer(), {
          status: answer.status,
          headers: answer.headers,
        });
        return { charge: true, answer: paid, served: c.get("x402.served") };
      });
      return write(c, gate, outcome);
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return unavailable(c, unavailableBody(error));
      throw error;
    }
  };
}

/**
 * Writes a paid call's outcome as HTTP: a refusal is a 402 through the context, a refused
 * settlement a 402 of its own (none of the handler's answer or headers), a failed run the
 * handler's answer as it is, a paid one the answer with its receipt or its pending payment.
 */
function write(
  c: Context,
  gate: PaymentGate,
  outcome: PaidCallOutcome<Response>,
): Response | undefined {
  switch (outcome.kind) {
    case "payment-required":
      if (outcome.stage !== "settlement") return respond402(c, gate, outcome.paymentRequired);
      c.res = undefined;
      c.res = paymentRequiredResponse(gate, outcome.paymentRequired);
      return;
    case "unavailable":
      return unavailable(c, outcome.body);
    case "not-charged":
      return;
    case "pending": {
      markCharged(c);
      c.res = undefined;
      const paid = outcome.answer;
      paid.headers.set(PAYMENT_HEADERS.status, "pending");
      paid.headers.set(PAYMENT_HEADERS.id, outcome.pending.paymentId);
      paid.headers.set("Cache-Control", "private, no-store");
      c.res = paid;
      return;
    }
    case "settled": {
      c.res = undefined;
      markCharged(c);
      const paid = outcome.answer;
      // In the words of the version paid in: v1 clients read `X-PAYMENT-RESPONSE`.
      const header =
        outcome.version === 1 ? PAYMENT_HEADERS.legacyResponse : PAYMENT_HEADERS.response;
      paid.headers.set(header, encodeJsonHeader(outcome.receipt));
      paid.headers.set("Cache-Control", "private, no-store");
      c.res = paid;
      return;
    }
  }
}
