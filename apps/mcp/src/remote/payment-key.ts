import type { Hex } from "viem";

/** Where the proxy reads the key it pays with. Never a command-line argument. */
export const PAYMENT_KEY_ENV = "X402_PRIVATE_KEY";

/** 32 bytes of hex, with or without 0x: what an EVM private key looks like anywhere in a string. */
const KEY_LIKE = /(?:0x)?[0-9a-fA-F]{64}/;
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;
const isPrivateKey = (value: string): value is Hex => PRIVATE_KEY.test(value);

/**
 * Whether a command-line argument carries something shaped like a private key. Such an argument
 * is refused: the command line shows in process lists and shell history, and the key would be
 * repeated in the error message of an unknown option.
 */
export const looksLikePrivateKey = (arg: string): boolean => KEY_LIKE.test(arg);

export type PaymentKey =
  | { readonly kind: "absent" }
  | { readonly kind: "key"; readonly key: Hex }
  | { readonly kind: "invalid"; readonly message: string };

/**
 * The key in `X402_PRIVATE_KEY`: absent (the proxy then passes free tools through and refuses
 * paid ones), a 0x-hex 32-byte key, or invalid (said without repeating the value).
 */
export function readPaymentKey(env: Readonly<Record<string, string | undefined>>): PaymentKey {
  const value = env[PAYMENT_KEY_ENV]?.trim();
  if (value === undefined || value === "") return { kind: "absent" };
  if (!isPrivateKey(value)) {
    return {
      kind: "invalid",
      message: `${PAYMENT_KEY_ENV} must be a 0x-prefixed 32-byte hex private key (66 characters); the value set is not`,
    };
  }
  return { kind: "key", key: value };
}
