import { type Address, encodeFunctionData, getContractAddress, type Hex } from "viem";
import { jsonRpc } from "../chain/json-rpc.js";
import { SetupBatch } from "../chain/setup-transactions.js";
import { linkedFiatTokenRuntime, signatureCheckerArtifact } from "./fiat-token-artifact.js";
import { fiatTokenAbi, USDC, type UsdcToken } from "./usdc-token.js";

export interface InstallUsdcOptions {
  /** An unlocked anvil account: deploys the library and becomes owner, minter and every role. */
  deployer: Address;
  /** Who gets how much USDC (atomic units, 6 decimals). */
  mints: readonly { to: Address; amount: bigint }[];
  /** Which network's USDC: its address and EIP-712 name (default: Base's, `USDC`; see `usdcOn`). */
  token?: UsdcToken;
}

/**
 * Puts Circle's FiatTokenV2_2 at the canonical USDC address of a network (Base's by default) and
 * initializes it exactly as USDC is there: the network's name ("USD Coin" on Base, "USDC" on
 * Base Sepolia) / "USDC" / "USD", 6 decimals, EIP-712 version "2". The name is what the EIP-712
 * domain is built from, so a payer signing for the real token signs for this one.
 *
 * The implementation code is placed with anvil_setCode, without Circle's proxy in front. That is
 * faithful for everything x402 touches: FiatTokenV2_2 has no immutables and computes its EIP-712
 * domain separator from name, version, block.chainid and address(this) at call time, so the
 * domain is the same as behind the proxy at that address. SignatureChecker is deployed normally
 * (a real CREATE), and its predicted address is linked in before the token code is placed, so all
 * transactions go out back to back and are confirmed once at the end.
 */
export async function installUsdc(rpcUrl: string, options: InstallUsdcOptions): Promise<void> {
  const { deployer } = options;
  const token = options.token ?? USDC;
  const batch = new SetupBatch(rpcUrl, deployer);
  const nonce = await jsonRpc<Hex>(rpcUrl, "eth_getTransactionCount", [deployer, "pending"]);
  const library = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  await batch.send("deploy SignatureChecker", { data: signatureCheckerArtifact().bytecode });
  await jsonRpc(rpcUrl, "anvil_setCode", [token.address, linkedFiatTokenRuntime(library)]);

  const abi = fiatTokenAbi;
  const steps: [step: string, data: Hex][] = [
    [
      "initialize",
      encodeFunctionData({
        abi,
        functionName: "initialize",
        // name, symbol, currency, decimals, then master minter, pauser, blacklister, owner.
        args: [
          token.name,
          token.symbol,
          token.currency,
          token.decimals,
          deployer,
          deployer,
          deployer,
          deployer,
        ],
      }),
    ],
    ["initializeV2", encodeFunctionData({ abi, functionName: "initializeV2", args: [token.name] })],
    // V2_1 moves the contract's own balance (none) to lostAndFound and blacklists the contract.
    [
      "initializeV2_1",
      encodeFunctionData({ abi, functionName: "initializeV2_1", args: [deployer] }),
    ],
    [
      "initializeV2_2",
      encodeFunctionData({ abi, functionName: "initializeV2_2", args: [[], token.symbol] }),
    ],
    // 2^255, as Circle's own deployment scripts do: effectively unlimited, far from overflow.
    [
      "configureMinter",
      encodeFunctionData({ abi, functionName: "configureMinter", args: [deployer, 2n ** 255n] }),
    ],
    ...options.mints
      .filter(({ amount }) => amount > 0n)
      .map(({ to, amount }): [string, Hex] => [
        `mint ${amount} to ${to}`,
        encodeFunctionData({ abi, functionName: "mint", args: [to, amount] }),
      ]),
  ];
  for (const [step, data] of steps) await batch.send(step, { to: token.address, data });
  const receipts = await batch.confirmAll();
  const deployed = receipts.get("deploy SignatureChecker")?.contractAddress;
  if (deployed?.toLowerCase() !== library.toLowerCase()) {
    throw new Error(`SignatureChecker landed at ${deployed}, but ${library} was linked`);
  }
}
