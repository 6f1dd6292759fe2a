/** The EVM network this service is paid on by default: Base mainnet. */
export const BASE_NETWORK = "eip155:8453" as const;
/** Circle's USDC on Base (FiatTokenV2_2, 6 decimals, EIP-712 domain "USD Coin" version "2"). */
export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
/** The EIP-712 domain the exact scheme signs against, as `extra` of the requirements. */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;

/** Base Sepolia, the public testnet an operator rehearses on before taking real money. */
export const BASE_SEPOLIA_NETWORK = "eip155:84532" as const;
/**
 * Circle's USDC on Base Sepolia (the faucet's token). Its EIP-712 domain name is "USDC", not
 * mainnet's "USD Coin": a payer signing against the wrong one makes a signature that fails.
 */
export const BASE_SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e" as const;
export const SEPOLIA_USDC_EIP712 = { name: "USDC", version: "2" } as const;
