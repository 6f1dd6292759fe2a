import { type Address, parseAbi } from "viem";

/** Base mainnet's USDC address. The devnet places the token here so that x402's defaults
 * (`$0.01` → this asset, the client's spend controls, the EIP-712 domain) apply unchanged. */
export const USDC_ADDRESS: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/** What the devnet token reports; `name` and `version` form its EIP-712 domain. */
export const USDC = {
  address: USDC_ADDRESS,
  name: "USD Coin",
  symbol: "USDC",
  currency: "USD",
  decimals: 6,
  version: "2",
} as const;

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

/** The USDC balance of `account`, in atomic units (6 decimals). */
export function usdcBalance(client: ContractReader, account: Address): Promise<bigint> {
  return client.readContract({
    address: USDC_ADDRESS,
    abi: fiatTokenAbi,
    functionName: "balanceOf",
    args: [account],
  });
}
