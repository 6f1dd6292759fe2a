import { x402Client } from "@x402/core/client";
import type {
  Network,
  PaymentPayload,
  PaymentRequired,
  PaymentRequirements,
} from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The USDC the proxy pays with, per network: Base (also the local devnet's chain id) and Base
 * Sepolia. Its limits are in USDC, so a requirement in any other asset is never paid: its atomic
 * amount would not be USDC's.
 */
const USDC_NETWORKS: readonly { readonly network: Network; readonly usdc: string }[] = [
  { network: "eip155:8453", usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  { network: "eip155:84532", usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" },
];

/** A requirement the proxy can pay, and its price in atomic USDC. */
export interface Payable {
  readonly requirement: PaymentRequirements;
  readonly amount: bigint;
}

/**
 * The first requirement of a PaymentRequired the proxy can pay: the `exact` scheme, in USDC on
 * a network it pays on, with an integer amount. `undefined` if there is none.
 */
export function payableOf(required: PaymentRequired): Payable | undefined {
  for (const requirement of required.accepts) {
    const usdc = USDC_NETWORKS.find((n) => n.network === requirement.network)?.usdc;
    if (requirement.scheme !== "exact" || usdc === undefined) continue;
    if (requirement.asset.toLowerCase() !== usdc.toLowerCase()) continue;
    if (!/^\d+$/.test(requirement.amount)) continue;
    return { requirement, amount: BigInt(requirement.amount) };
  }
  return undefined;
}

/** Signs payments from one key. */
export interface Payer {
  /** The key's address (public): who pays. */
  readonly address: string;
  /**
   * The PaymentPayload for exactly `payable.requirement` (the one the limits were checked on):
   * the other requirements of `required` are not offered to the signer.
   */
  sign(required: PaymentRequired, payable: Payable): Promise<PaymentPayload>;
}

/**
 * A payer from a private key: `x402Client` with the `exact` EVM scheme on the networks above.
 * The x402 client's own per-payment cap is off: the proxy's limits (checked before `sign`) are
 * the cap; its allowlist of known assets stays.
 */
export function payerFromKey(key: Hex): Payer {
  const account = privateKeyToAccount(key);
  const scheme = new ExactEvmScheme(account);
  const client = x402Client.fromConfig({
    schemes: USDC_NETWORKS.map(({ network }) => ({ network, client: scheme })),
    spendControls: { maxAmountPerPayment: false },
  });
  return {
    address: account.address,
    sign: (required, payable) =>
      client.createPaymentPayload({ ...required, accepts: [payable.requirement] }),
  };
}
