/** The one network and asset this service is paid in: USDC on Base. */
export const BASE_NETWORK = "eip155:8453" as const;
/** Circle's USDC on Base (FiatTokenV2_2, 6 decimals, EIP-712 domain "USD Coin" version "2"). */
export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
export const USDC_DECIMALS = 6;
/** The EIP-712 domain the exact scheme signs against, as `extra` of the requirements. */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;
/** The authorization of a payment must be usable for 60 seconds. */
export const MAX_TIMEOUT_SECONDS = 60;
