import {
  type Answer,
  type AnyOperation,
  type AttestationSigning,
  type ComplianceDeps,
  execute,
  executeJson,
  paymentAttester,
  servedRecordOf,
  takeTurn,
} from "@svc/compliance";
import {
  type PaymentGate,
  paidAuthorization,
  type RequirePaymentOptions,
  recordServed,
  requirePayment,
} from "@svc/payments";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import type { ClientBuckets } from "./client-rate-limit.js";
import { dryRunBuckets, dryRunOf, type InputReader } from "./dry-run.js";
import { answerResponse } from "./map-failure.js";
import { decodePathParams } from "./path-params.js";
import { problem } from "./problem.js";
import { targetOf } from "./request-target.js";

/** The largest JSON body accepted where an operation declares none, and on `/mcp` (1 MiB: the documents). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The 413 of every body that exceeds MAX_BODY_BYTES (routes and the MCP endpoint alike). The rest
 * of the body is never read, so the connection closes after the answer: a keep-alive client must
 * not send its next request on a connection the server is about to drop.
 */
export const payloadTooLarge = (c: Context): Response => tooLarge(c, MAX_BODY_BYTES);

type Read = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Bodies above this are parsed in their turn (`takeTurn`: about a millisecond of parsing), or
 * not parsed here at all when their operation takes them as bytes (`executeJson`).
 */
const LARGE_BODY_BYTES = 64 * 1024;

/** The JSON body's bytes (already within the route's limit), refusing a wrong media type (415). */
async function readJsonBytes(
  c: Context,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; response: Response }> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    return {
      ok: false,
      response: problem(
        c,
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "The body must be JSON (Content-Type: application/json).",
      ),
    };
  }
  try {
    return { ok: true, bytes: new Uint8Array(await c.req.arrayBuffer()) };
  } catch {
    return { ok: false, response: malformed(c) };
  }
}

const malformed = (c: Context): Response =>
  problem(c, 400, "MALFORMED_JSON", "The request body is not valid JSON.");

/** The body's bytes parsed, refusing bad JSON (400); a large body in its turn. */
async function parseJson(c: Context, bytes: Uint8Array): Promise<Read> {
  const parse = () => JSON.parse(new TextDecoder().decode(bytes));
  try {
    return {
      ok: true,
      value: bytes.byteLength > LARGE_BODY_BYTES ? await takeTurn(parse) : parse(),
    };
  } catch {
    return { ok: false, response: malformed(c) };
  }
}

/**
 * The JSON body (already within the route's limit), refusing a wrong media type (415) or bad JSON
 * (400). A large body is parsed in its turn, so a burst of them holds the loop one at a time.
 */
export async function readBody(c: Context): Promise<Read> {
  const read = await readJsonBytes(c);
  return read.ok ? parseJson(c, read.bytes) : read;
}

/** The 413 of a body over `maxBytes`; the rest of it is never read, so the connection closes. */
export const tooLarge = (c: Context, maxBytes: number): Response =>
  problem(c, 413, "PAYLOAD_TOO_LARGE", `The body must be at most ${maxBytes} bytes.`, undefined, {
    Connection: "close",
  });

/**
 * A path parameter whose escapes are invalid or whose bytes are not UTF-8: refused as bodies
 * refuse such a string (an address is `INVALID_ADDRESS`), never screened as typed.
 */
const undecodable = (c: Context, name: string): Response => {
  const message = `${name} is not valid percent-encoded UTF-8`;
  return problem(c, 400, name === "address" ? "INVALID_ADDRESS" : "INVALID_INPUT", message, [
    { path: name, message },
  ]);
};

/**
 * A body declared larger than the route takes is refused from its Content-Length alone, before
 * payment: nothing of it is read, and no valid request is that large.
 */
export const declaredWithin =
  (maxBytes: number): MiddlewareHandler =>
  async (c, next) => {
    const declared = Number(c.req.header("Content-Length") ?? Number.NaN);
    if (declared > maxBytes) return tooLarge(c, maxBytes);
    await next();
  };

/**
 * Goes on in its turn (`takeTurn`): a burst of requests then starts its payment checks (a
 * signature recovered, the ledger written: milliseconds each) one per iteration of the event
 * loop, in the order they came, instead of all in one, so a `/health` between them waits for one
 * check, not for the burst's.
 */
const inTurn: MiddlewareHandler = async (_c, next) => {
  await takeTurn(() => undefined);
  await next();
};

/**
 * A GET's raw input as the paid call reads it: its query parameters (less `omit`) and its path
 * parameters, decoded from the raw path (the router's own `c.req.path` is already, leniently,
 * decoded); a parameter that is not valid percent-encoded UTF-8 is refused.
 */
function getInputOf(
  c: Context,
  op: AnyOperation,
  omit?: string,
): { ok: true; value: unknown } | { ok: false; response: Response } {
  const path = decodePathParams(op.path, targetOf(c.req.url).split("?")[0] ?? "");
  if (!path.ok) return { ok: false, response: undecodable(c, path.param.name) };
  const query = c.req.query();
  if (omit !== undefined) delete query[omit];
  return { ok: true, value: { ...query, ...path.params } };
}

/** A parsed body that must be a JSON object: anything else is refused as the paid call refuses it. */
function objectBody(c: Context, parsed: Read): Read {
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return {
      ok: false,
      response: problem(c, 400, "INVALID_INPUT", "The body must be a JSON object.", [
        { path: "", message: "the body must be a JSON object" },
      ]),
    };
  }
  return parsed;
}

/**
 * The raw input of `op` as its paid call reads it (`getInputOf`, or the JSON body: 415, 400
 * `MALFORMED_JSON`, 400 for a body that is no object), for a dry run (`dryRunOf`), which leaves
 * its own query parameter out. The body is already within the dry run's limit.
 */
const inputReaderOf =
  (op: AnyOperation): InputReader =>
  async (c, omit) => {
    if (op.method === "GET") return getInputOf(c, op, omit);
    const read = await readJsonBytes(c);
    return read.ok ? objectBody(c, await parseJson(c, read.bytes)) : read;
  };

export interface MountOptions {
  /** How the payment gate names the resource (its 402s). */
  readonly payment?: RequirePaymentOptions | undefined;
  /**
   * What a paid request signs its screening answers with (the service's key, on the request's
   * base URL); none: nothing is signed.
   */
  readonly signingOf?: ((c: Context) => AttestationSigning) | undefined;
  /**
   * Where a client's dry runs are counted (`?dry_run=1`, free: one set of buckets for every
   * route and the MCP tools); default: buckets of this route's own, at `DRY_RUN_RATE_LIMIT`.
   */
  readonly dryRuns?: ClientBuckets | undefined;
}

/**
 * Mounts one catalog operation: a request with `?dry_run=1` is checked free and answered
 * without reaching the gate (`dryRunOf`: its price, or the refusal the paid call would get);
 * otherwise a body declared over the route's limit is refused first (413);
 * then the payment gate (on the route itself, before the body is read); then the body, read up
 * to the limit (`hono/body-limit`). What was read is the raw input of `execute`, which
 * validates it (after payment; a refused input is answered with a 4xx and not charged) and runs
 * it within its deadline.
 *
 * The two body checks stay apart: hono's `bodyLimit` refuses from Content-Length unread, but a
 * body without one (chunked) it reads in full before passing on, which before the payment gate
 * would read up to the limit of every unpaid flood.
 */
export function mountOperation(
  app: Hono,
  op: AnyOperation,
  gate: PaymentGate,
  deps: ComplianceDeps,
  { payment = {}, signingOf, dryRuns = dryRunBuckets() }: MountOptions = {},
): void {
  const maxBytes = op.maxBodyBytes ?? MAX_BODY_BYTES;
  // Before the gate: a request with `dry_run` is checked free and never reaches it.
  const checkOnly = dryRunOf(op, gate, deps, {
    buckets: dryRuns,
    readInput: inputReaderOf(op),
    route: { maxBodyBytes: maxBytes, tooLarge: (c) => tooLarge(c, maxBytes) },
  });
  const gated =
    op.method === "GET"
      ? requirePayment(gate, payment)
      : every(
          declaredWithin(maxBytes),
          // A burst of requests starts its payments' checks one per turn of the loop.
          inTurn,
          requirePayment(gate, payment),
          bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, maxBytes) }),
        );
  app.on(op.method, op.path, checkOnly, gated, async (c) => {
    // Within the deadline the payment gate was sized on (`op.deadlineMs`); a client that hangs
    // up abandons the run (unsettled). A fault is thrown on, to the app's 500.
    // Screening operations sign their answer with it (bound to this payment); others ignore it.
    const authorization = paidAuthorization(c);
    const options = {
      signal: c.req.raw.signal,
      deadlineMs: op.deadlineMs,
      attest: paymentAttester(signingOf?.(c), authorization),
      // Renders are admitted per payer (the one who pays, spelled as its scheme spells it).
      payer: authorization?.payer,
      // What an operation keeping something for its payer records (a monitor's owner).
      payment: authorization,
    };
    let raw: unknown;
    if (op.method === "GET") {
      const input = getInputOf(c, op);
      if (!input.ok) return input.response;
      raw = input.value;
    } else {
      const read = await readJsonBytes(c);
      if (!read.ok) return read.response;
      // A large body its operation takes as bytes is never parsed here (a document's: on the
      // render worker); bytes it cannot take are parsed and handled as any body.
      if (read.bytes.byteLength > LARGE_BODY_BYTES) {
        const answer = await executeJson(op, read.bytes, deps, options);
        if (answer !== undefined) return respond(c, answer);
      }
      const parsed = objectBody(c, await parseJson(c, read.bytes));
      if (!parsed.ok) return parsed.response;
      raw = parsed.value;
    }
    return respond(c, await execute(op, raw, deps, options));
  });
}

/** An operation's answer; what it was computed on goes with the payment's record (the list edition). */
function respond(c: Context, answer: Answer<unknown>): Response {
  const served = answer.ok ? servedRecordOf(answer.evidence) : undefined;
  if (served !== undefined) recordServed(c, served);
  return answerResponse(c, answer);
}
