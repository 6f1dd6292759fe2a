import type {
  PaymentPayload,
  PaymentPayloadV1,
  PaymentRequired,
  PaymentRequiredV1,
  PaymentRequirements,
  PaymentRequirementsV1,
} from "@x402/core/types";
import { schemeOn } from "../schemes/known-schemes.js";
import { isObject } from "./payload-shapes.js";

/**
 * x402 v1 beside v2. The two versions sign the same thing (an `exact` EVM payment is the same
 * EIP-3009 authorization in both); they differ in how the terms are written and carried:
 *
 * - v1 names networks by name (`base`), v2 by CAIP-2 id (`eip155:8453`);
 * - v1's requirements carry the resource, its description and media type in every entry and
 *   call the amount `maxAmountRequired`; v2 keeps the resource once, beside `accepts`;
 * - a v1 client reads the terms from the 402's JSON body and pays with `X-PAYMENT`; a v2 client
 *   reads the `PAYMENT-REQUIRED` header and pays with `PAYMENT-SIGNATURE`;
 * - a v1 payload is `{x402Version: 1, scheme, network, payload}`: it names neither the
 *   requirements it accepted nor the resource it pays for, so it is matched to this resource's
 *   terms by scheme and network, and bound to it only by what it signs (amount and payee).
 *
 * The service's terms are v2's; v1's are derived from them here, so both say the same.
 */

/** The x402 versions a payment may come in. */
export type X402Version = 1 | 2;

/** Every version, the newest last: what a gate accepts unless told otherwise. */
export const X402_VERSIONS: readonly X402Version[] = [1, 2];

/** What x402 v1 calls a CAIP-2 network, if any scheme here is paid on it under a v1 name. */
export const v1NetworkOf = (network: string): string | undefined =>
  schemeOn(network)?.networks[network as keyof object]?.v1Network;

/** What a v1 entry says of its resource (v2 says it once, beside `accepts`). */
interface V1Resource {
  readonly url: string;
  readonly description: string;
  readonly mimeType: string;
  /** v1's discovery declaration (the bazaar's input and output), where there is one. */
  readonly outputSchema?: Record<string, unknown> | undefined;
}

/**
 * The v1 form of one v2 `accepts` entry, or undefined when its network has no v1 name (v1
 * clients cannot pay there).
 */
export function v1Requirements(
  requirements: PaymentRequirements,
  resource: V1Resource,
): PaymentRequirementsV1 | undefined {
  const network = v1NetworkOf(requirements.network);
  if (network === undefined) return undefined;
  return {
    scheme: requirements.scheme,
    network: network as PaymentRequirementsV1["network"],
    maxAmountRequired: requirements.amount,
    resource: resource.url,
    description: resource.description,
    mimeType: resource.mimeType,
    // v1's schema has it; an empty object where nothing is declared, as v1 servers sent.
    outputSchema: resource.outputSchema ?? {},
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    asset: requirements.asset,
    extra: requirements.extra,
  };
}

/**
 * The v1 form of a PaymentRequired: the same terms, resource and error, each entry in v1's
 * words; with `discovery`, the bazaar's declaration as v1's `outputSchema` (its input and
 * output), which catalogues reading v1 bodies take.
 */
export function v1PaymentRequired(
  paymentRequired: PaymentRequired,
  options: { readonly discovery?: boolean } = {},
): PaymentRequiredV1 {
  const outputSchema = options.discovery ? v1Discovery(paymentRequired) : undefined;
  const resource = {
    url: paymentRequired.resource.url,
    description: paymentRequired.resource.description ?? "",
    mimeType: paymentRequired.resource.mimeType ?? "",
    outputSchema,
  };
  const accepts = paymentRequired.accepts.flatMap((r) => v1Requirements(r, resource) ?? []);
  return {
    x402Version: 1,
    ...(paymentRequired.error === undefined ? {} : { error: paymentRequired.error }),
    accepts,
  };
}

/**
 * The bazaar declaration of a v2 PaymentRequired as v1 wrote discovery: `{input, output}` with
 * the input marked discoverable.
 */
function v1Discovery(paymentRequired: PaymentRequired): Record<string, unknown> | undefined {
  const bazaar = paymentRequired.extensions?.bazaar;
  if (!isObject(bazaar) || !isObject(bazaar.info)) return undefined;
  const { input, output } = bazaar.info;
  if (!isObject(input)) return undefined;
  return { input: { ...input, discoverable: true }, ...(output === undefined ? {} : { output }) };
}

/**
 * The entry of `accepts` (v2, this resource's) that a v1 payload pays: the same scheme, on the
 * network v1 names as the payload does.
 */
export const acceptedByV1 = (
  accepts: readonly PaymentRequirements[],
  payload: PaymentPayloadV1,
): PaymentRequirements | undefined =>
  accepts.find((r) => r.scheme === payload.scheme && v1NetworkOf(r.network) === payload.network);

/** A payment as presented, of either version. */
export type AnyPaymentPayload = PaymentPayload | PaymentPayloadV1;
