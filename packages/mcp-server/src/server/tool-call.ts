/** The `_meta` key a Sign-In-With-X proof rides under: the base64 value of HTTP's header. */
export const SIGN_IN_META = "sign-in-with-x";

/**
 * Who calls this server, as its host knows (one per request): what a tool that answers a signed-in
 * wallet needs besides the call (the owners' monitor tools: the proof's audience and the caller's
 * allowance of refused sign-ins).
 */
export interface ToolCaller {
  /** The endpoint the server is served at, on the service's public base URL (`…/mcp`). */
  readonly endpoint?: string | undefined;
  /** The host's key for the calling client (its rate limits); absent where nothing is limited. */
  readonly client?: string | undefined;
}

/**
 * What one tool call carries besides its arguments, for a tool that reads it (`McpTool.signIn`):
 * the call's `params._meta` (a Sign-In-With-X proof under `sign-in-with-x`) and who calls.
 */
export interface ToolCall extends ToolCaller {
  readonly meta: Readonly<Record<string, unknown>>;
}
