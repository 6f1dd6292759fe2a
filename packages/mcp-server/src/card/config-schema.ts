import * as v from "valibot";

/** The payment network as the client configuration names it: v1's name, its CAIP-2 id, a label. */
export interface ConfigNetwork {
  /** x402 v1's name (`base`), the value of the `network` option. */
  readonly name: string;
  /** The CAIP-2 id the terms name (`eip155:8453`). */
  readonly id: string;
  /** How people name it (`USDC on Base`). */
  readonly label: string;
}

/** How a client may reach the hosted tool server (the `preferred_transport` of the optional client configuration). */
const PREFERRED_TRANSPORTS = ["direct_origin", "hosted_gateway"] as const;

/**
 * The optional client configuration of the server card, as a valibot schema (JSON Schema
 * derived), offering every network the service is paid on (the default first, and the default).
 */
export const clientConfigSchemaOf = (networks: readonly [ConfigNetwork, ...ConfigNetwork[]]) =>
  v.strictObject({
    public_base_url: v.optional(
      v.pipe(
        v.string(),
        v.url(),
        v.description(
          "The API's public base URL; the tool server is at <public_base_url>/mcp. Default: the direct origin.",
        ),
      ),
    ),
    hosted_gateway_url: v.optional(
      v.pipe(
        v.string(),
        v.url(),
        v.description(
          "A hosted MCP gateway URL that fronts this server; overrides public_base_url when preferred_transport is hosted_gateway.",
        ),
      ),
    ),
    preferred_transport: v.optional(
      v.pipe(
        v.picklist(PREFERRED_TRANSPORTS),
        v.description(
          "direct_origin: streamable HTTP to <public_base_url>/mcp. hosted_gateway: through hosted_gateway_url.",
        ),
      ),
      "direct_origin",
    ),
    network: v.optional(
      v.pipe(
        v.picklist(networks.map((n) => n.name)),
        v.description(
          `The payment network: ${networks.map((n) => `${n.name}, ${n.label} (${n.id})`).join("; or ")}. Default: ${networks[0].name}.`,
        ),
      ),
      networks[0].name,
    ),
  });
