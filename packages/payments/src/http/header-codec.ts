/**
 * Base64 of the UTF-8 JSON of a value: what `encodePaymentRequiredHeader` and
 * `encodePaymentResponseHeader` of @x402/core produce, byte for byte (a test checks it), without
 * their per-byte string building, which took a quarter of the CPU of every 402 under load.
 */
export const encodeJsonHeader = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), "utf8").toString("base64");
