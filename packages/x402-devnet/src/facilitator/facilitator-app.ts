import type { FacilitatorClient } from "@x402/core/server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parseFacilitatorRequest } from "./request-validation.js";

/** Real payloads are ~1 KB; anything near this is not a payment. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The x402 v2 facilitator HTTP API (`POST /verify`, `POST /settle`, `GET /supported`) in front
 * of any FacilitatorClient, so `new HTTPFacilitatorClient({ url })` can talk to the devnet; a
 * request of x402 v1 (`x402Version: 1`, v1's payload and requirements) is taken too, for the
 * kinds the facilitator serves in v1.
 *
 * Verification failures are answers, not errors: 200 with `{isValid: false, invalidReason}`
 * (or `{success: false, errorReason}`), which is what HTTPFacilitatorClient and the resource
 * server expect. Malformed bodies get 400 with a JSON `{error, message, issues?}`; a request for
 * a scheme/network this facilitator does not serve gets 400 `unsupported_scheme_network`; an
 * exception inside the facilitator (the node is gone, say) gets 500 with its message. No
 * response ever carries a stack trace.
 */
export function createFacilitatorApp(facilitator: FacilitatorClient): Hono {
  const app = new Hono();
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          { error: "body_too_large", message: `bodies are limited to ${MAX_BODY_BYTES} bytes` },
          413,
        ),
    }),
  );

  app.get("/supported", async (c) => c.json(await facilitator.getSupported()));

  for (const action of ["verify", "settle"] as const) {
    app.post(`/${action}`, async (c) => {
      const parsed = parseFacilitatorRequest(await c.req.text());
      if (!parsed.ok) return c.json(parsed.problem, 400);
      const { paymentPayload, paymentRequirements } = parsed;
      const { kinds } = await facilitator.getSupported();
      const served = kinds.some(
        (k) =>
          k.x402Version === paymentPayload.x402Version &&
          k.scheme === paymentRequirements.scheme &&
          k.network === paymentRequirements.network,
      );
      if (!served) {
        return c.json(
          {
            error: "unsupported_scheme_network",
            message: `this facilitator does not serve ${paymentRequirements.scheme} on ${paymentRequirements.network}`,
          },
          400,
        );
      }
      const result =
        action === "verify"
          ? await facilitator.verify(paymentPayload, paymentRequirements)
          : await facilitator.settle(paymentPayload, paymentRequirements);
      return c.json(result);
    });
  }

  app.notFound((c) =>
    c.json(
      { error: "not_found", message: "routes: POST /verify, POST /settle, GET /supported" },
      404,
    ),
  );
  app.onError((error, c) =>
    c.json({ error: "facilitator_error", message: error.message || "internal error" }, 500),
  );
  return app;
}
