export { ClientConfigSchema, PREFERRED_TRANSPORTS } from "./card/config-schema.js";
export { type CardOptions, describeEndpoint, serverCardOf } from "./card/server-card.js";
export { BodySlots } from "./http/body-slots.js";
export {
  createMcpHttpHandler,
  LARGE_BODY_BYTES,
  type McpHttpOptions,
} from "./http/mcp-http-handler.js";
export { OffThreadParser, type TrimRules } from "./http/off-thread-parser.js";
export { PROMPTS } from "./prompts/briefs.js";
export {
  type AnyPrompt,
  definePrompt,
  type McpPrompt,
  type PromptDefinition,
  type PromptText,
  promptArgumentsOf,
} from "./prompts/prompt.js";
export { artifactUri, toolResult } from "./results/tool-result.js";
export { createMcpServer, type McpServerOptions } from "./server/create-server.js";
export { MCP_PAYMENT, MCP_SERVER } from "./server/server-info.js";
export { type GateFor, type ToolPayments, toolGates } from "./server/tool-gates.js";
export { inputSchemaOf, listedTool, TOOL_ANNOTATIONS } from "./server/tool-listing.js";
export { TOOLS } from "./tools/catalog.js";
export { MONTE_CARLO_PRICES } from "./tools/monte-carlo-tools.js";
export { capabilitiesOf, listedPrices } from "./tools/server-capabilities.js";
export {
  type AnyTool,
  defineTool,
  type HandleTool,
  type McpTool,
  priceOf,
  type ToolContext,
  type ToolDefinition,
  type ToolInfo,
  type ToolPricing,
} from "./tools/tool.js";
