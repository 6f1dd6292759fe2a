/** JSON-RPC 2.0 error codes the devnet answers with (the Solana ones are its node's). */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Solana: a transaction refused before it ran (preflight / pre-execution failure). */
  transactionRefused: -32002,
} as const;

/** An error meant for the JSON-RPC caller: its code, message and data are answered as they are. */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
  }
}
