/**
 * One JSON-RPC call over HTTP, for the setup steps that viem would wrap in extra round trips
 * (chain-id checks, gas estimation, fee lookups) or that its typed schemas do not list.
 */
export async function jsonRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status} from ${rpcUrl}`);
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error !== undefined) {
    throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
  }
  return body.result as T;
}
