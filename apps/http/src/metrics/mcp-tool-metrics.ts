import type { ToolCallReport } from "@svc/mcp-server";
import { atomicUsdc, type PaidToolPayment } from "@svc/payments";
import { countPayment, type PaymentObservation, refusalCode } from "./payment-outcomes.js";
import type { ServiceMetrics } from "./service-metrics.js";

/**
 * The route label of a paid MCP tool in the payment counters: `mcp:<tool>`. The HTTP request
 * that carried it is counted on `/mcp` (`svc_http_requests_total`); its payment is the tool's,
 * in the same label set as a route's (route, network, reason), so an alert or a panel summing
 * payments by route counts tools with routes, and one `route=~"mcp:.*"` selects the tools.
 */
const mcpRouteOf = (tool: string): string => `mcp:${tool}`;

/**
 * Counts each MCP tool call (`svc_mcp_tool_calls_total` and its latency, by tool and outcome)
 * and, for a paid one, its payment through `countPayment`, as a paid route's is counted. The
 * tool is a listed tool's name (the server reports no other), so the labels stay bounded.
 */
export function mcpToolMetrics(metrics: ServiceMetrics): (call: ToolCallReport) => void {
  return (call) => {
    const labels = { tool: call.tool, outcome: call.outcome };
    metrics.mcpToolCalls.inc(labels);
    metrics.mcpToolDuration.observe(labels, call.seconds);
    if (call.payment !== undefined) {
      countPayment(metrics, mcpRouteOf(call.tool), observationOf(call.payment));
    }
  };
}

/** How a paid tool call's payment ended, in the observation a paid route's gives. */
function observationOf(payment: PaidToolPayment): PaymentObservation {
  const { outcome } = payment;
  const verifiedOn = payment.authorization?.network;
  switch (outcome.kind) {
    case "payment-required":
      return outcome.stage === "unpaid"
        ? { verifiedOn, ending: { kind: "unpaid" } }
        : {
            verifiedOn,
            ending: { kind: "refused", reason: refusalCode(outcome.paymentRequired.error) },
          };
    case "unavailable":
      return { verifiedOn, ending: { kind: "failed" } };
    case "not-charged":
      return { verifiedOn, ending: { kind: "uncharged" } };
    case "settled":
    case "pending":
      return {
        verifiedOn,
        ending: {
          kind: "charged",
          timing: outcome.kind === "settled" ? "before-response" : "after-response",
          atomic: Number(atomicUsdc(payment.price)),
        },
      };
  }
}
