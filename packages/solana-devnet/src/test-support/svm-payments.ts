import { createSolanaRpc } from "@solana/kit";
import { x402Client } from "@x402/core/client";
import { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, PaymentRequirementsV1 } from "@x402/core/types";
import { ExactSvmScheme as ExactSvmClientScheme } from "@x402/svm/exact/client";
import { ExactSvmScheme as ExactSvmServerScheme } from "@x402/svm/exact/server";
import { ExactSvmSchemeV1 as ExactSvmV1ClientScheme } from "@x402/svm/exact/v1/client";
import type { SolanaDevnetAccount } from "../devnet/devnet-account.js";
import type { SolanaDevnet } from "../devnet/start-solana-devnet.js";
import type { SolanaFacilitator } from "../facilitator/in-process-facilitator.js";

/**
 * The requirements a paid route priced "$0.01" advertises on the devnet, built by @x402/core's
 * resource server with @x402/svm's server scheme, as a real server builds them: x402's own
 * default-asset table picks the USDC mint and the facilitator's supported kinds the fee payer.
 */
export async function routeRequirements(
  facilitator: SolanaFacilitator,
  network: SolanaDevnet["network"],
  payTo: string,
): Promise<PaymentRequirements> {
  const server = new x402ResourceServer(facilitator).register(network, new ExactSvmServerScheme());
  await server.initialize();
  const [requirements] = await server.buildPaymentRequirements({
    scheme: "exact",
    network,
    price: "$0.01",
    payTo,
    maxTimeoutSeconds: 60,
  });
  if (requirements === undefined) throw new Error("the resource server built no requirements");
  return requirements;
}

/** Signs a payment as an x402 buyer does: @x402/core's client with @x402/svm's exact scheme. */
export function signPayment(
  devnet: SolanaDevnet,
  payer: SolanaDevnetAccount,
  requirements: PaymentRequirements,
): Promise<PaymentPayload> {
  return new x402Client()
    .register(devnet.network, new ExactSvmClientScheme(payer.signer, { rpcUrl: devnet.rpcUrl }))
    .createPaymentPayload({
      x402Version: 2,
      resource: { url: "http://localhost/paid", description: "test", mimeType: "application/json" },
      accepts: [requirements],
    });
}

/**
 * The same terms in x402 v1's shape, as a v1 server states them: the network by its v1 name,
 * the amount as `maxAmountRequired`, the resource inline.
 */
export function v1Requirements(
  devnet: SolanaDevnet,
  requirements: PaymentRequirements,
): PaymentRequirementsV1 {
  return {
    scheme: requirements.scheme,
    network: devnet.v1Network as PaymentRequirementsV1["network"],
    maxAmountRequired: requirements.amount,
    resource: "http://localhost/paid",
    description: "test",
    mimeType: "application/json",
    outputSchema: {},
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    asset: requirements.asset,
    extra: requirements.extra,
  };
}

/** Signs a v1 payment as an x402 v1 buyer does: @x402/core's client, @x402/svm's v1 scheme. */
export async function signV1Payment(
  devnet: SolanaDevnet,
  payer: SolanaDevnetAccount,
  requirements: PaymentRequirementsV1,
): Promise<PaymentPayload> {
  return (
    new x402Client()
      .registerV1(
        requirements.network,
        new ExactSvmV1ClientScheme(payer.signer, { rpcUrl: devnet.rpcUrl }),
      )
      // x402Client is typed with v2's shapes only; v1's go through it at run time.
      .createPaymentPayload({ x402Version: 1, accepts: [requirements] } as never)
  );
}

/** The first funded payer (every devnet in these tests has at least one). */
export function firstPayer(devnet: SolanaDevnet): SolanaDevnetAccount {
  const [payer] = devnet.payers;
  if (payer === undefined) throw new Error("the devnet has no payers");
  return payer;
}

/** A kit RPC client on the devnet, reading it as any Solana program would. */
export function devnetRpc(devnet: SolanaDevnet) {
  return createSolanaRpc(devnet.rpcUrl);
}
