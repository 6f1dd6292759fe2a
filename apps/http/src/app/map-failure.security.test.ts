import {
  batchWalletScreen,
  type ComplianceDeps,
  defineOperation,
  execute,
  invalidInput,
} from "@svc/compliance";
import { InputError } from "@svc/montecarlo";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { answerResponse, failureResponse } from "./map-failure.js";

/**
 * Unpaid amplification: a refused body is answered with at most 20 issues and `moreIssues`, in a
 * few kilobytes, however large the body (a refusal is never charged, so it must stay cheap).
 */
const app = new Hono();
app.post("/batch", async (c) => {
  const parsed = v.safeParse(batchWalletScreen.input, await c.req.json());
  if (parsed.success) return c.json({ accepted: true });
  return failureResponse(c, invalidInput(parsed.issues));
});
const DEPS: ComplianceDeps = {
  list: await loadSample(),
  history: () => EMBEDDED_DCA_HISTORY,
  render: renderDocument,
};

// A run that refuses its input by throwing (as the montecarlo operations do), answered the way
// every route answers: through the operation's handle.
const throwing = defineOperation({
  ...batchWalletScreen,
  input: v.object({ count: v.number() }),
  inputExample: { count: 1 },
  // The batch's own run-time check reads a batch; this input is not one.
  check: undefined,
  run: ({ count }) => {
    throw new InputError(
      Array.from({ length: count }, (_, i) => ({ path: `x[${i}]`, message: "bad" })),
    );
  },
});
app.post("/thrown", async (c) =>
  answerResponse(c, await execute(throwing, await c.req.json(), DEPS)),
);

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("unpaid amplification: the API's refusals are small", () => {
  it("200,000 junk addresses: 400 naming the bound alone, under 16 KB", async () => {
    const res = await post("/batch", { addresses: Array.from({ length: 200_000 }, () => 1) });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024);
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: "INVALID_INPUT",
      error: "Invalid input: addresses: addresses must hold 1 to 100 addresses",
      issues: [{ path: "addresses", message: "addresses must hold 1 to 100 addresses" }],
    });
  });

  it("100 bad addresses: 20 issues and moreIssues 80", async () => {
    const res = await post("/batch", { addresses: Array.from({ length: 100 }, () => 1) });
    const body = (await res.json()) as { issues: unknown[]; moreIssues?: number };
    expect(res.status).toBe(400);
    expect(body.issues).toHaveLength(20);
    expect(body.moreIssues).toBe(80);
  });

  it("a thrown InputError keeps its count; with every issue listed there is no moreIssues", async () => {
    const many = (await (await post("/thrown", { count: 25 })).json()) as { moreIssues?: number };
    expect(many.moreIssues).toBe(5);
    const few = (await (await post("/thrown", { count: 2 })).json()) as object;
    expect(few).not.toHaveProperty("moreIssues");
  });
});
