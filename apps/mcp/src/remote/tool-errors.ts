import type { CallToolResult } from "@modelcontextprotocol/server";
import { formatUsdc, type LimitRefusal } from "./limits.js";
import { PAYMENT_KEY_ENV } from "./payment-key.js";

/** Where a refusal by the proxy puts its particulars (price, limit, …) for programs. */
const PROXY_REFUSAL_META = "svc-mcp/payment-refusal";

/**
 * A refusal by the proxy itself, as a tool result the model can read: nothing was signed. Its
 * structured content is the service's refusal shape (`success: false`, a stable `code`, the
 * sentence in `error`), which every paid tool's output schema admits, so clients that check
 * results against the listed schema take it; the particulars go in `_meta`.
 */
const refusal = (code: string, error: string, details: Record<string, unknown>): CallToolResult => {
  const body = { success: false, code, error };
  return {
    isError: true,
    structuredContent: body,
    content: [{ type: "text", text: JSON.stringify({ ...body, ...details }) }],
    _meta: { [PROXY_REFUSAL_META]: details },
  };
};

/** A price above `--max-per-call`, or one that would take the process past `--max-total`. */
export function limitExceeded(tool: string, refused: LimitRefusal): CallToolResult {
  const price = formatUsdc(refused.amount);
  const max = formatUsdc(refused.max);
  const spent = formatUsdc(refused.committed);
  const message =
    refused.limit === "max-per-call"
      ? `${tool} costs ${price} USDC, above this proxy's limit of ${max} USDC per call (--max-per-call); nothing was paid.`
      : `${tool} costs ${price} USDC; with ${spent} USDC already paid or being paid, that would pass this proxy's limit of ${max} USDC in all (--max-total); nothing was paid.`;
  return refusal("PAYMENT_LIMIT_EXCEEDED", message, {
    tool,
    price,
    limit: refused.limit,
    max,
    spent,
    currency: "USDC",
  });
}

/** A paid tool, with no key to pay from. */
export function keyMissing(tool: string, amount: bigint | undefined): CallToolResult {
  const price = amount === undefined ? undefined : formatUsdc(amount);
  return refusal(
    "PAYMENT_KEY_MISSING",
    `${tool} is a paid tool${price === undefined ? "" : ` (${price} USDC per call)`}, and this proxy has no key to pay with: set ${PAYMENT_KEY_ENV} (a 0x-hex EVM private key holding USDC) in the environment of svc-mcp --remote. Free tools work without it.`,
    { tool, ...(price === undefined ? {} : { price, currency: "USDC" }) },
  );
}

/** A PaymentRequired none of whose requirements the proxy can pay (another scheme, network or asset). */
export function unpayable(tool: string, offered: readonly string[]): CallToolResult {
  return refusal(
    "PAYMENT_UNSUPPORTED",
    `${tool} asks for a payment this proxy cannot make: it pays the exact scheme in USDC on Base (eip155:8453) or Base Sepolia (eip155:84532); offered: ${offered.join(", ") || "nothing"}. Nothing was paid.`,
    { tool, offered },
  );
}

/** Signing the payment failed (nothing was sent). */
export function signingFailed(tool: string, error: unknown): CallToolResult {
  return refusal(
    "PAYMENT_SIGNING_FAILED",
    `The payment for ${tool} could not be signed (${error instanceof Error ? error.message : String(error)}); nothing was paid.`,
    { tool },
  );
}
