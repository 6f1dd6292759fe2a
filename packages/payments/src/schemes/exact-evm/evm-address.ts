/** An EVM account or contract address: 0x and 40 hex digits, in any case. */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * EVM addresses, nonces and hashes are hex numbers: one spelling (lower case) makes one
 * authorization one key, however a client or a checksum wrote it.
 */
export const canonicalHex = (hex: string): string => hex.toLowerCase();
