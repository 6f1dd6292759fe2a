import { createFacilitatorApp } from "@svc/x402-devnet";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { extractDiscoveryInfo } from "@x402/extensions/bazaar";
import { Hono } from "hono";

/** One payment the stand-in was given, as it was sent to it. */
export interface RecordedPayment {
  readonly action: "verify" | "settle";
  readonly x402Version: number;
  /** The payment payload's `extensions` and `resource`: what the client echoed. */
  readonly extensions: Record<string, unknown> | undefined;
  readonly resource: Record<string, unknown> | undefined;
  /** What the stand-in answered in `EXTENSION-RESPONSES`, decoded. */
  readonly extensionResponses: { bazaar: { status: string; rejectedReason?: string } };
}

export interface BazaarStandIn {
  /** Its Hono app: `/supported`, `/verify`, `/settle`. */
  readonly app: Hono;
  readonly payments: readonly RecordedPayment[];
}

/**
 * A facilitator that catalogues as the x402 Bazaar does, in front of a real one: each `/verify`
 * and `/settle` is recorded (what the payment carried in `extensions` and `resource`), goes on to
 * `facilitator` (the devnet's, through its own HTTP app, which verifies and settles on chain), and
 * its answer carries `EXTENSION-RESPONSES` (base64 JSON, as the bazaar spec has it) with the
 * Bazaar's verdict on the payment: `success` when @x402/extensions' own `extractDiscoveryInfo`
 * (which validates the declaration, as the Bazaar's facilitator does) takes it, else `rejected`
 * with the reason.
 */
export function bazaarStandIn(facilitator: FacilitatorClient): BazaarStandIn {
  const inner = createFacilitatorApp(facilitator);
  const payments: RecordedPayment[] = [];
  const app = new Hono();
  app.get("/supported", (c) => inner.fetch(c.req.raw));
  for (const action of ["verify", "settle"] as const) {
    app.post(`/${action}`, async (c) => {
      const text = await c.req.text();
      const body = JSON.parse(text) as {
        paymentPayload: PaymentPayload;
        paymentRequirements: PaymentRequirements;
      };
      const payload = body.paymentPayload;
      const extensionResponses = { bazaar: verdictOf(payload, body.paymentRequirements) };
      payments.push({
        action,
        x402Version: payload.x402Version,
        extensions: payload.extensions,
        resource: payload.resource as unknown as Record<string, unknown> | undefined,
        extensionResponses,
      });
      const answer = await inner.fetch(
        new Request(c.req.url, { method: "POST", headers: c.req.raw.headers, body: text }),
      );
      const headers = new Headers(answer.headers);
      headers.set(
        "EXTENSION-RESPONSES",
        Buffer.from(JSON.stringify(extensionResponses)).toString("base64"),
      );
      return new Response(answer.body, { status: answer.status, headers });
    });
  }
  return { app, payments };
}

/** The Bazaar's verdict on a payment's declaration, by @x402/extensions' own extraction. */
function verdictOf(
  payload: PaymentPayload,
  requirements: PaymentRequirements,
): RecordedPayment["extensionResponses"]["bazaar"] {
  if (payload.extensions?.bazaar === undefined) {
    return { status: "rejected", rejectedReason: "the payment carries no bazaar extension" };
  }
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    const found = extractDiscoveryInfo(payload, requirements);
    return found === null
      ? { status: "rejected", rejectedReason: warnings.join("; ") || "not discoverable" }
      : { status: "success" };
  } catch (error) {
    return { status: "rejected", rejectedReason: String(error) };
  } finally {
    console.warn = warn;
  }
}
