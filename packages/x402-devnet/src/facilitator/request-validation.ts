import {
  PaymentPayloadV1Schema,
  PaymentPayloadV2Schema,
  PaymentRequirementsV1Schema,
  PaymentRequirementsV2Schema,
} from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";

/** What a 400 says: a stable code, a sentence, and where in the body each problem is. */
interface RequestProblem {
  error: "invalid_json" | "invalid_request" | "unsupported_x402_version";
  message: string;
  issues?: { path: string; message: string }[];
}

export type ParsedRequest =
  | { ok: true; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }
  | { ok: false; problem: RequestProblem };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^[0-9]{1,78}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** @x402/core's schemas of a request's payload and requirements, by x402 version. */
const SCHEMAS = {
  1: { payload: PaymentPayloadV1Schema, requirements: PaymentRequirementsV1Schema },
  2: { payload: PaymentPayloadV2Schema, requirements: PaymentRequirementsV2Schema },
} as const;

/**
 * Checks a `/verify` or `/settle` body: `{x402Version, paymentPayload, paymentRequirements}` of
 * the x402 v2 spec, or of v1 (the facilitator serves v1's `exact` on `base` too), with
 * @x402/core's own zod schemas for the envelope, plus the fields the exact EVM scheme converts
 * with BigInt()/getAddress(). Without that second part a malformed authorization would surface
 * as a SyntaxError from deep inside @x402/evm, and a 500, instead of a 400 that names the field.
 */
export function parseFacilitatorRequest(text: string): ParsedRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("invalid_json", "the request body is not JSON");
  }
  if (!isRecord(body)) return fail("invalid_request", "the request body must be a JSON object");
  if (body.x402Version !== 2 && body.x402Version !== 1) {
    return fail(
      "unsupported_x402_version",
      `this facilitator speaks x402 versions 1 and 2; got x402Version ${JSON.stringify(body.x402Version)}`,
    );
  }
  const schemas = SCHEMAS[body.x402Version];
  const issues: { path: string; message: string }[] = [];
  const payload = schemas.payload.safeParse(body.paymentPayload);
  if (!payload.success) {
    for (const issue of payload.error.issues) {
      issues.push({ path: ["paymentPayload", ...issue.path].join("."), message: issue.message });
    }
  }
  const requirements = schemas.requirements.safeParse(body.paymentRequirements);
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
      `the body does not match the x402 v${body.x402Version} request shape`,
      issues,
    );
  }
  if (requirements.data.scheme === "exact") {
    // v1 calls the amount `maxAmountRequired`.
    const data = requirements.data;
    const [field, amount] =
      "amount" in data
        ? (["amount", data.amount] as const)
        : (["maxAmountRequired", data.maxAmountRequired] as const);
    checkExactRequirements({ asset: data.asset, payTo: data.payTo, amount }, field, issues);
    checkExactPayload(payload.data.payload, issues);
  }
  if (issues.length > 0) {
    return fail("invalid_request", "the exact-scheme fields are malformed", issues);
  }
  return {
    ok: true,
    // The original objects, not zod's output: zod drops unknown keys, and extensions may use them.
    // A v1 request goes on in v1's words: the facilitator's v1 kind reads them.
    paymentPayload: body.paymentPayload as PaymentPayload,
    paymentRequirements: body.paymentRequirements as PaymentRequirements,
  };
}

function checkExactRequirements(
  requirements: { amount: string; asset: string; payTo: string },
  amountField: "amount" | "maxAmountRequired",
  issues: { path: string; message: string }[],
): void {
  if (!UINT.test(requirements.amount)) {
    issues.push({
      path: `paymentRequirements.${amountField}`,
      message: "must be a decimal integer string",
    });
  }
  if (!ADDRESS.test(requirements.asset)) {
    issues.push({ path: "paymentRequirements.asset", message: "must be a 20-byte hex address" });
  }
  if (!ADDRESS.test(requirements.payTo)) {
    issues.push({ path: "paymentRequirements.payTo", message: "must be a 20-byte hex address" });
  }
}

/** EIP-3009 authorizations are checked field by field; Permit2 payloads are left to @x402/evm. */
function checkExactPayload(payload: unknown, issues: { path: string; message: string }[]): void {
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
