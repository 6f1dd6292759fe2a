import * as v from "valibot";
import { canonicalHex, EVM_ADDRESS } from "./evm-address.js";

const Address = v.pipe(v.string(), v.regex(EVM_ADDRESS));
/** A uint256 as a decimal string: at most 78 digits, no sign, no exponent. */
const Uint256 = v.pipe(v.string(), v.regex(/^(?:0|[1-9][0-9]{0,77})$/));
const Bytes32 = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/));
/** A signature: 65 bytes (r, s, v), or longer for contract wallets (EIP-1271 / EIP-6492). */
const Signature = v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2}){65,4096}$/));

/** The payload of the exact scheme paid by EIP-3009 `transferWithAuthorization`. */
const Eip3009Payload = v.object({
  signature: Signature,
  authorization: v.object({
    from: Address,
    to: Address,
    value: Uint256,
    validAfter: Uint256,
    validBefore: Uint256,
    nonce: Bytes32,
  }),
});

/** An EIP-3009 authorization, its numbers as bigints, its addresses and nonce lower-cased. */
export interface ExactAuthorization {
  readonly from: string;
  readonly to: string;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: string;
}

/**
 * Reads the EIP-3009 authorization of an exact-scheme payload, or undefined when the payload is
 * not one (a wrong type, a non-numeric value, a missing signature, a Permit2 payload): such a
 * payment is refused here as malformed, and never reaches the facilitator, where converting it
 * would throw and look like an outage.
 */
export function readExactAuthorization(payload: unknown): ExactAuthorization | undefined {
  const parsed = v.safeParse(Eip3009Payload, payload);
  if (!parsed.success) return undefined;
  const a = parsed.output.authorization;
  return {
    from: canonicalHex(a.from),
    to: canonicalHex(a.to),
    value: BigInt(a.value),
    validAfter: BigInt(a.validAfter),
    validBefore: BigInt(a.validBefore),
    nonce: canonicalHex(a.nonce),
  };
}
