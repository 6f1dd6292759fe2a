/**
 * CashAddr checksum (Bitcoin Cash address format, spec "cashaddr.md"): a 40-bit BCH code over
 * the prefix and the base32 payload. Used only to decide whether a string really is a cashaddr
 * before its case is folded or its `bitcoincash:` prefix dropped.
 */
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

/** The cashaddr BCH code's remainder over 5-bit values (0 for a valid string). */
export function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) {
      if ((c0 >> BigInt(i)) & 1n) c ^= GENERATORS[i] as bigint;
    }
  }
  return c ^ 1n;
}

/** The 5-bit values the checksum covers: the prefix's low bits, a 0 separator, then `words`. */
export const checksumInput = (prefix: string, words: readonly number[]): number[] => [
  ...[...prefix].map((ch) => ch.charCodeAt(0) & 0x1f),
  0,
  ...words,
];

/** True when `payload` (lower case, no prefix) is a valid cashaddr under `prefix`. */
export function isValidCashaddr(prefix: string, payload: string): boolean {
  // version byte + 160-bit hash + 40-bit checksum is 42 chars; larger hashes give up to 112.
  if (payload.length < 42 || payload.length > 112) return false;
  const words: number[] = [];
  for (const ch of payload) {
    const v = CHARSET.indexOf(ch);
    if (v === -1) return false;
    words.push(v);
  }
  return polymod(checksumInput(prefix, words)) === 0n;
}
