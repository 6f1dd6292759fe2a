import { type FacilitatorEvmSigner, toFacilitatorEvmSigner } from "@x402/evm";
import {
  createWalletClient,
  type Hex,
  http,
  publicActions,
  verifyTypedData as recoverAndCompare,
  type TypedDataDefinition,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEVNET_CHAIN_ID, DEVNET_POLLING_INTERVAL_MS, devnetChain } from "../chain/devnet-chain.js";

/**
 * The facilitator's on-chain identity: a viem wallet client (with public actions) for a local
 * key, adapted to @x402/evm's FacilitatorEvmSigner, on the node's chain id (Base's by default:
 * viem signs each transaction for the client's chain id, and a node of another id refuses it).
 *
 * - pollingInterval 20 ms: viem's 4 s default turned each settlement's receipt wait into seconds.
 * - Sends one at a time, each nonce read from the chain's pending count (no nonce manager):
 *   concurrent settlements get consecutive nonces instead of racing for the same
 *   `eth_getTransactionCount`, and a send that failed after a local manager had counted its
 *   nonce can no longer leave a gap behind which every later settlement waits until its receipt
 *   times out (a restart test's settlements did, under CI load: anvil held 100+ queued). Not
 *   viem's shared `nonceManager` either, which keeps its count per address and chain id for the
 *   whole process (a second devnet in one process would get the first chain's next nonce). On
 *   anvil a send is a few milliseconds; the receipt waits still overlap.
 * - confirmationTimeoutMs 30 s (x402 default 180 s): anvil mines at once, so a long wait only
 *   means something is broken, and a test should say so quickly.
 * - Signatures of plain accounts are checked by recovering the signer locally; only when that
 *   does not match (a smart-contract wallet, ERC-1271/6492) does viem ask the chain. The answer
 *   is the same; the common case saves an `eth_call` per verification.
 * - Settlement transactions carry their gas limit and fees, so viem sends them without first
 *   estimating gas and reading fees (three fewer round trips to anvil per settlement). 300k gas
 *   is ~4× what `transferWithAuthorization` uses; a revert is still seen in the receipt.
 */
/** Fixed gas and fees for settlement transactions on the devnet (see above). */
const SETTLEMENT_FEES = {
  gas: 300_000n,
  maxFeePerGas: 50_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
} as const;

export function createFacilitatorSigner(
  rpcUrl: string,
  privateKey: Hex,
  chainId: number = DEVNET_CHAIN_ID,
): FacilitatorEvmSigner {
  const account = privateKeyToAccount(privateKey);
  // One send at a time, each taking its nonce from the chain's pending count: concurrent
  // settlements never race for a nonce, and a send that failed leaves no gap (see above).
  let sending: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(send: () => Promise<T>): Promise<T> => {
    const sent = sending.then(send);
    sending = sent.catch(() => undefined);
    return sent;
  };
  const client = createWalletClient({
    account,
    chain: devnetChain(rpcUrl, chainId),
    transport: http(rpcUrl),
    pollingInterval: DEVNET_POLLING_INTERVAL_MS,
  }).extend(publicActions);
  return toFacilitatorEvmSigner(
    {
      address: account.address,
      getCode: (args) => client.getCode(args),
      readContract: (args) => client.readContract(args),
      // x402 passes an untyped EIP-712 definition; viem's generic typing cannot follow it.
      verifyTypedData: async (args) => {
        const typed = args as TypedDataDefinition & { address: Hex; signature: Hex };
        return (await recoverAndCompare(typed).catch(() => false)) || client.verifyTypedData(typed);
      },
      writeContract: (args) =>
        oneAtATime(() => client.writeContract({ ...args, ...SETTLEMENT_FEES })),
      sendTransaction: (args) => oneAtATime(() => client.sendTransaction(args)),
      waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    },
    { confirmationTimeoutMs: 30_000 },
  );
}
