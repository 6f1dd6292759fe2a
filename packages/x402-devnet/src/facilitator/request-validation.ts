import {
  PaymentPayloadV1Schema,
  PaymentPayloadV2Schema,
  PaymentRequirementsV1Schema,
  PaymentRequirementsV2Schema,
} from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";

/** What a 400 says: a stable code, a sentence, and where in the body each problem is. */
interface RequestProblem {
  error: "invalid_json" | "invalid_request" | "unsupported_x402_version";
  message: string;
  issues?: { path: string; message: string }[];
}

/**
 * A checked request. For x402 v1 the requirements are v1's (`maxAmountRequired`, `resource`, …)
 * and the payload names its scheme and network itself: @x402/core's facilitator takes both
 * versions through the v2 types, and tells them apart by `x402Version`.
 */
export type ParsedRequest =
  | { ok: true; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }
  | { ok: false; problem: RequestProblem };

type Issues = { path: string; message: string }[];

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^[0-9]{1,78}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The envelope of each version, as @x402/core's own zod schemas describe it. */
const SHAPES = {
  1: { payload: PaymentPayloadV1Schema, requirements: PaymentRequirementsV1Schema },
  2: { payload: PaymentPayloadV2Schema, requirements: PaymentRequirementsV2Schema },
} as const;

/** The field of the requirements that holds the amount, by version. */
const AMOUNT_FIELD = { 1: "maxAmountRequired", 2: "amount" } as const;

/**
 * Checks a `/verify` or `/settle` body: `{x402Version, paymentPayload, paymentRequirements}` of
 * the x402 v2 spec, or of v1 (`x402Version: 1`, v1 requirements and a payload naming its scheme
 * and network), with @x402/core's own zod schemas for the envelope, plus, on an EVM network, the
 * fields the exact EVM scheme converts with BigInt()/getAddress(). Without that second part a
 * malformed authorization would surface as a SyntaxError from deep inside @x402/evm, and a 500,
 * instead of a 400 that names the field. Payments on other networks (Solana's, when the app
 * fronts a facilitator that serves them) are left to their own scheme's checks.
 */
export function parseFacilitatorRequest(text: string): ParsedRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("invalid_json", "the request body is not JSON");
  }
  if (!isRecord(body)) return fail("invalid_request", "the request body must be a JSON object");
  const version = body.x402Version;
  if (version !== 1 && version !== 2) {
    return fail(
      "unsupported_x402_version",
      `this facilitator speaks x402 versions 1 and 2; got x402Version ${JSON.stringify(version)}`,
    );
  }
  const issues: Issues = [];
  const shape = SHAPES[version];
  const payload = shape.payload.safeParse(body.paymentPayload);
  if (!payload.success) {
    for (const issue of payload.error.issues) {
      issues.push({ path: ["paymentPayload", ...issue.path].join("."), message: issue.message });
    }
  }
  const requirements = shape.requirements.safeParse(body.paymentRequirements);
  if (!requirements.success) {
    for (const issue of requirements.error.issues) {
      issues.push({
        path: ["paymentRequirements", ...issue.path].join("."),
        message: issue.message,
      });
    }
  }
  if (!payload.success || !requirements.success) {
    return fail(
      "invalid_request",
      `the body does not match the x402 v${version} request shape`,
      issues,
    );
  }
  const required = requirements.data as Record<string, unknown>;
  if (required.scheme === "exact" && isEvmNetwork(required.network)) {
    checkExactRequirements(required, AMOUNT_FIELD[version], issues);
    checkExactPayload(payload.data.payload, issues);
  }
  if (issues.length > 0) {
    return fail("invalid_request", "the exact-scheme fields are malformed", issues);
  }
  return {
    ok: true,
    // The original objects, not zod's output: zod drops unknown keys, and extensions may use them.
    paymentPayload: body.paymentPayload as PaymentPayload,
    paymentRequirements: body.paymentRequirements as PaymentRequirements,
  };
}

/** x402 v2 names EVM networks `eip155:<chain id>`; v1 by the names @x402/evm knows (`base`…). */
function isEvmNetwork(network: unknown): boolean {
  return (
    typeof network === "string" &&
    (network.startsWith("eip155:") || Object.hasOwn(EVM_NETWORK_CHAIN_ID_MAP, network))
  );
}

function checkExactRequirements(
  requirements: Record<string, unknown>,
  amountField: "amount" | "maxAmountRequired",
  issues: Issues,
): void {
  const amount = requirements[amountField];
  if (typeof amount !== "string" || !UINT.test(amount)) {
    issues.push({
      path: `paymentRequirements.${amountField}`,
      message: "must be a decimal integer string",
    });
  }
  for (const field of ["asset", "payTo"] as const) {
    const address = requirements[field];
    if (typeof address !== "string" || !ADDRESS.test(address)) {
      issues.push({
        path: `paymentRequirements.${field}`,
        message: "must be a 20-byte hex address",
      });
    }
  }
}

/** EIP-3009 authorizations are checked field by field; Permit2 payloads are left to @x402/evm. */
function checkExactPayload(payload: unknown, issues: Issues): void {
  const at = (field: string) => `paymentPayload.payload.${field}`;
  if (!isRecord(payload)) {
    issues.push({ path: "paymentPayload.payload", message: "must be an object" });
    return;
  }
  if (typeof payload.signature !== "string" || !HEX.test(payload.signature)) {
    issues.push({ path: at("signature"), message: "must be a 0x-prefixed hex string" });
  }
  if ("permit2Authorization" in payload) return;
  const auth = payload.authorization;
  if (!isRecord(auth)) {
    issues.push({ path: at("authorization"), message: "must be an object" });
    return;
  }
  for (const field of ["from", "to"] as const) {
    if (typeof auth[field] !== "string" || !ADDRESS.test(auth[field])) {
      issues.push({ path: at(`authorization.${field}`), message: "must be a 20-byte hex address" });
    }
  }
  for (const field of ["value", "validAfter", "validBefore"] as const) {
    if (typeof auth[field] !== "string" || !UINT.test(auth[field])) {
      issues.push({
        path: at(`authorization.${field}`),
        message: "must be a decimal integer string",
      });
    }
  }
  if (typeof auth.nonce !== "string" || !BYTES32.test(auth.nonce)) {
    issues.push({ path: at("authorization.nonce"), message: "must be 32 bytes of 0x hex" });
  }
}

function fail(
  error: RequestProblem["error"],
  message: string,
  issues?: RequestProblem["issues"],
): ParsedRequest {
  return {
    ok: false,
    problem: issues === undefined ? { error, message } : { error, message, issues },
  };
}
