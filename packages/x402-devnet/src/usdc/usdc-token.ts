import { type Address, parseAbi } from "viem";
import { DEVNET_NETWORKS, devnetNetwork } from "../chain/devnet-networks.js";

/** Base mainnet's USDC address. The devnet places the token here so that x402's defaults
 * (`$0.01` → this asset, the client's spend controls, the EIP-712 domain) apply unchanged. */
export const USDC_ADDRESS: Address = DEVNET_NETWORKS["eip155:8453"].usdc.address;

/** What a devnet token reports; `name` and `version` form its EIP-712 domain. */
export interface UsdcToken {
  readonly address: Address;
  readonly name: string;
  readonly symbol: "USDC";
  readonly currency: "USD";
  readonly decimals: 6;
  readonly version: "2";
}

/**
 * Circle's USDC as it is on `network` (a CAIP-2 id the devnet stands in for): its canonical
 * address and EIP-712 name ("USD Coin" on Base, "USDC" on Base Sepolia); the rest is the same
 * everywhere.
 */
export function usdcOn(network: string): UsdcToken {
  const { address, name } = devnetNetwork(network).usdc;
  return { address, name, symbol: "USDC", currency: "USD", decimals: 6, version: "2" };
}

/** The devnet token on Base (the default network). */
export const USDC = {
  address: USDC_ADDRESS,
  name: "USD Coin",
  symbol: "USDC",
  currency: "USD",
  decimals: 6,
  version: "2",
} as const satisfies UsdcToken;

/** 1 USDC in atomic units (6 decimals). */
export const ONE_USDC = 1_000_000n;

/**
 * The FiatTokenV2_2 functions this package calls, typed for viem. A test checks every one of
 * them against the ABI in Circle's artifact, so a typo cannot hide here.
 */
export const fiatTokenAbi = parseAbi([
  "function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)",
  "function initializeV2(string newName)",
  "function initializeV2_1(address lostAndFound)",
  "function initializeV2_2(address[] accountsToBlacklist, string newSymbol)",
  "function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)",
  "function mint(address to, uint256 amount) returns (bool)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function currency() view returns (string)",
  "function decimals() view returns (uint8)",
  "function version() pure returns (string)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function balanceOf(address account) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
  "function owner() view returns (address)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

/** Anything that can read a contract: a viem public, wallet or test client. */
export interface ContractReader {
  readContract(args: {
    address: Address;
    abi: typeof fiatTokenAbi;
    functionName: "balanceOf";
    args: readonly [Address];
  }): Promise<bigint>;
}

/** The USDC balance of `account` (of the token at `token`, Base's by default), in atomic units. */
export function usdcBalance(
  client: ContractReader,
  account: Address,
  token: Address = USDC_ADDRESS,
): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: fiatTokenAbi,
    functionName: "balanceOf",
    args: [account],
  });
}
