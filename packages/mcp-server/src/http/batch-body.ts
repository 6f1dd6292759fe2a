/** JSON's insignificant whitespace: space, tab, line feed, carriage return. */
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const OPEN_BRACKET = 0x5b;

/**
 * Whether a JSON-RPC body is a batch (a JSON array), told from its first significant byte without
 * parsing it: a batch is refused whole, so none of its members is ever parsed or validated.
 */
export function isBatchBody(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (!WHITESPACE.has(byte)) return byte === OPEN_BRACKET;
  }
  return false;
}

/**
 * The refusal of a batch. MCP 2025-03-26 let a client send JSON-RPC batches; 2025-06-18 removed
 * them and no MCP SDK client sends one. Answered, each unpaid call of a paid tool in a batch got
 * its own payment challenge: 100 calls of 8.8 KB came back as 2.0 MB. One small answer instead.
 */
export const BATCH_REFUSAL = {
  status: 400,
  code: -32600,
  message:
    "Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per request.",
} as const;
