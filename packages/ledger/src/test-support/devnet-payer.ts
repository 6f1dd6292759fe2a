import { type Devnet, devnetChain, fiatTokenAbi, USDC_ADDRESS } from "@svc/x402-devnet";
import { type Address, createWalletClient, type Hex, http, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const TRANSFER = parseAbi(["function transfer(address to, uint256 value) returns (bool)"]);

const walletOf = (devnet: Devnet, key: Hex) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  });

const mined = async (devnet: Devnet, hash: Hex): Promise<void> => {
  const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
};

/** The holder of `fromKey` sends `amount` USDC (atomic units) to `to`, on chain (mined). */
export async function transferUsdc(
  devnet: Devnet,
  fromKey: Hex,
  to: Address,
  amount: bigint,
): Promise<void> {
  const hash = await walletOf(devnet, fromKey).writeContract({
    address: USDC_ADDRESS,
    abi: TRANSFER,
    functionName: "transfer",
    args: [to, amount],
  });
  await mined(devnet, hash);
}

/** The devnet's deployer (USDC's minter) mints `amount` USDC to `to` (mined). */
export async function mintUsdc(devnet: Devnet, to: Address, amount: bigint): Promise<void> {
  const hash = await walletOf(devnet, devnet.deployer.privateKey).writeContract({
    address: USDC_ADDRESS,
    abi: fiatTokenAbi,
    functionName: "mint",
    args: [to, amount],
  });
  await mined(devnet, hash);
}

/**
 * A wallet nobody used: a new key, `usdc` minted to it (atomic units) and ETH for its own
 * transfers.
 */
export async function freshWallet(
  devnet: Devnet,
  usdc: bigint,
): Promise<{ readonly privateKey: Hex; readonly address: Address }> {
  const privateKey = generatePrivateKey();
  const { address } = privateKeyToAccount(privateKey);
  await devnet.publicClient.request({
    method: "anvil_setBalance" as never,
    params: [address, "0xde0b6b3a7640000"] as never,
  });
  if (usdc > 0n) await mintUsdc(devnet, address, usdc);
  return { privateKey, address };
}
