import { createPublicClient, type Hex, http, parseAbi, parseAbiItem } from "viem";
import type { PaymentChain } from "../../scheme/payment-chain.js";

const TOKEN = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);
/** EIP-3009: emitted when an authorization is used (USDC's FiatToken). */
const AUTHORIZATION_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);
/**
 * How far back the log of a used authorization is looked for: an authorization is valid for
 * minutes, so its settlement is recent (10,000 blocks: over five hours on Base). Bounded, as RPC
 * providers bound log queries.
 */
const LOG_LOOKBACK_BLOCKS = 10_000n;
/** How long one read may take before it fails (the caller then treats the chain as unknown). */
const RPC_TIMEOUT_MS = 10_000;

const hex = (value: string): Hex => value as Hex;

/**
 * An EVM payment network through its JSON-RPC endpoint (`X402_RPC_URL`; the devnet's in
 * development): balances and EIP-3009 authorization state of the token contract.
 */
export function rpcPaymentChain(rpcUrl: string): PaymentChain {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
  });
  return {
    balanceOf: (asset, owner) =>
      client.readContract({
        address: hex(asset),
        abi: TOKEN,
        functionName: "balanceOf",
        args: [hex(owner)],
      }),
    async authorization(asset, authorizer, nonce) {
      const used = await client.readContract({
        address: hex(asset),
        abi: TOKEN,
        functionName: "authorizationState",
        args: [hex(authorizer), hex(nonce)],
      });
      if (!used) return { used: false };
      const latest = await client.getBlockNumber();
      const logs = await client.getLogs({
        address: hex(asset),
        event: AUTHORIZATION_USED,
        args: { authorizer: hex(authorizer), nonce: hex(nonce) },
        fromBlock: latest > LOG_LOOKBACK_BLOCKS ? latest - LOG_LOOKBACK_BLOCKS : 0n,
        toBlock: latest,
      });
      return { used: true, transaction: logs[0]?.transactionHash ?? undefined };
    },
  };
}
