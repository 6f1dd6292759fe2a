import type { AnyOperation, ComplianceDeps } from "@svc/compliance";
import { isOfacIndexError } from "@svc/ofac-index";
import { type PaymentGate, requirePayment } from "@svc/payments";
import type { Context, Hono } from "hono";
import * as v from "valibot";
import { problem } from "./problem.js";

/** `addresses[3].asset` from a valibot issue path. */
const pathOf = (issue: v.BaseIssue<unknown>): string =>
  (issue.path ?? []).reduce(
    (p, item) =>
      item.type === "array"
        ? `${p}[${String(item.key)}]`
        : p === ""
          ? String(item.key)
          : `${p}.${String(item.key)}`,
    "",
  );

/** The request as the operation's input: path and query parameters for GET, the body for POST. */
async function rawInput(c: Context, op: AnyOperation): Promise<unknown> {
  if (op.method === "GET") return { ...c.req.query(), ...c.req.param() };
  return c.req.json();
}

/** What an operation's failure means to the caller. */
function failure(c: Context, error: unknown): Response {
  if (isOfacIndexError(error)) {
    if (error.code === "LIST_UNAVAILABLE") {
      return problem(
        c,
        503,
        error.code,
        "No sanctions list is loaded: screening is refused rather than answered clear.",
      );
    }
    if (error.code === "INVALID_ADDRESS" || error.code === "UNSUPPORTED_ASSET") {
      return problem(c, 400, error.code, error.message);
    }
  }
  throw error;
}

/**
 * Mounts one catalog operation: the payment gate first (on the route itself), then input
 * validation (after payment: a refused input is answered 400 and not charged), then the run.
 */
export function mountOperation(
  app: Hono,
  op: AnyOperation,
  gate: PaymentGate,
  deps: ComplianceDeps,
): void {
  app.on(op.method, op.path, requirePayment(gate), async (c) => {
    let raw: unknown;
    try {
      raw = await rawInput(c, op);
    } catch {
      return problem(c, 400, "MALFORMED_JSON", "The request body is not valid JSON.");
    }
    const parsed = v.safeParse(op.input, raw);
    if (!parsed.success) {
      const issues = parsed.issues.map((i) => ({ path: pathOf(i), message: i.message }));
      return problem(
        c,
        400,
        "INVALID_INPUT",
        `Invalid input: ${issues[0]?.path ?? ""}: ${issues[0]?.message ?? ""}`,
        issues,
      );
    }
    try {
      return c.json(await op.run(parsed.output as never, deps));
    } catch (error) {
      return failure(c, error);
    }
  });
}
