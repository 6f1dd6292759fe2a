import { PAYMENT_HEADERS } from "@svc/payments";
import type { MiddlewareHandler } from "hono";

/**
 * The headers of the streamable HTTP transport of MCP (a browser MCP client sends them): the
 * 2025 revisions' session and stream headers, and the method and name every 2026-07-28 request
 * mirrors from its body.
 */
const MCP_REQUEST_HEADERS = [
  "Mcp-Protocol-Version",
  "Mcp-Session-Id",
  "Last-Event-ID",
  "Mcp-Method",
  "Mcp-Name",
];

const ALLOWED_HEADERS = [
  "Content-Type",
  PAYMENT_HEADERS.signature,
  PAYMENT_HEADERS.legacySignature,
  // x402's sign-in-with-x proof: the monitors' owner API.
  "SIGN-IN-WITH-X",
  // x402 v1's browser clients (x402-fetch, x402-axios) send it on their paid retry, as a request
  // header: without it in the preflight's answer a browser refuses the paid request.
  "Access-Control-Expose-Headers",
  ...MCP_REQUEST_HEADERS,
];
const EXPOSED_HEADERS = [
  PAYMENT_HEADERS.required,
  PAYMENT_HEADERS.response,
  PAYMENT_HEADERS.legacyResponse,
  PAYMENT_HEADERS.status,
  PAYMENT_HEADERS.id,
  "Mcp-Session-Id",
  "X-Request-Id",
];

/**
 * CORS for browser clients of a public, credential-less API: any origin, the payment headers
 * and the MCP transport's headers allowed in and exposed out (the tool server pays inside its
 * JSON-RPC messages, so `/mcp` needs only the latter). The headers are set before the handler runs (hono's own `cors`
 * sets them on the finished response, which made every answer rebuild its Response object and
 * cost two thirds of the throughput of small answers such as the 402).
 */
export const corsForPayments = (): MiddlewareHandler => async (c, next) => {
  if (c.req.method === "OPTIONS" && c.req.header("Access-Control-Request-Method") !== undefined) {
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, HEAD, POST, PATCH, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": ALLOWED_HEADERS.join(", "),
      "Access-Control-Max-Age": "600",
    });
  }
  c.header("Access-Control-Allow-Origin", "*");
  c.header("Access-Control-Expose-Headers", EXPOSED_HEADERS.join(", "));
  await next();
};
