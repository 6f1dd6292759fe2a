import {
  type AnyOperation,
  type ComplianceDeps,
  invalidInput,
  runOperation,
} from "@svc/compliance";
import { type PaymentGate, type RequirePaymentOptions, requirePayment } from "@svc/payments";
import type { Context, Hono } from "hono";
import * as v from "valibot";
import { failureResponse, mapFailure } from "./map-failure.js";
import { problem } from "./problem.js";

/** The largest JSON body accepted (1 MiB: a 500-wallet forecast is ~100 KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The 413 of every body that exceeds MAX_BODY_BYTES (routes and the MCP endpoint alike). The rest
 * of the body is never read, so the connection closes after the answer: a keep-alive client must
 * not send its next request on a connection the server is about to drop.
 */
export const payloadTooLarge = (c: Context): Response =>
  problem(
    c,
    413,
    "PAYLOAD_TOO_LARGE",
    `The body must be at most ${MAX_BODY_BYTES} bytes.`,
    undefined,
    { Connection: "close" },
  );

type Read = { ok: true; value: unknown } | { ok: false; response: Response };

/** The JSON body, refusing a wrong media type (415), an oversized body (413) or bad JSON (400). */
async function readBody(c: Context): Promise<Read> {
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
  const length = Number(c.req.header("Content-Length") ?? Number.NaN);
  if (length > MAX_BODY_BYTES) return { ok: false, response: payloadTooLarge(c) };
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) return { ok: false, response: payloadTooLarge(c) };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return {
      ok: false,
      response: problem(c, 400, "MALFORMED_JSON", "The request body is not valid JSON."),
    };
  }
}

/**
 * Mounts one catalog operation: the payment gate first (on the route itself, before the body is
 * read), then the body checks and input validation (after payment; a refused input is answered
 * with a 4xx and not charged), then the run.
 */
export function mountOperation(
  app: Hono,
  op: AnyOperation,
  gate: PaymentGate,
  deps: ComplianceDeps,
  payment: RequirePaymentOptions = {},
): void {
  app.on(op.method, op.path, requirePayment(gate, payment), async (c) => {
    let raw: unknown;
    if (op.method === "GET") raw = { ...c.req.query(), ...c.req.param() };
    else {
      const read = await readBody(c);
      if (!read.ok) return read.response;
      raw = read.value;
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
        return problem(c, 400, "INVALID_INPUT", "The body must be a JSON object.", [
          { path: "", message: "the body must be a JSON object" },
        ]);
      }
    }
    const parsed = v.safeParse(op.input, raw);
    if (!parsed.success) return failureResponse(c, invalidInput(parsed.issues));
    try {
      // Within the operation's deadline; a client that hangs up abandons the run (unsettled).
      return c.json(
        await runOperation(op, parsed.output as never, deps, { signal: c.req.raw.signal }),
      );
    } catch (error) {
      return mapFailure(c, error);
    }
  });
}
