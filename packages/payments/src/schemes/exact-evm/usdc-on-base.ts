/** The EVM network this service is paid on: Base mainnet. */
export const BASE_NETWORK = "eip155:8453" as const;
/** Circle's USDC on Base (FiatTokenV2_2, 6 decimals, EIP-712 domain "USD Coin" version "2"). */
export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
/** The EIP-712 domain the exact scheme signs against, as `extra` of the requirements. */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;
