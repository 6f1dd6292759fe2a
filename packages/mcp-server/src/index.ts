// The signing a server is given (`McpServerOptions.attestation`) is the compliance layer's.
export type { AttestationSigning } from "@svc/compliance";
export { ClientConfigSchema, PREFERRED_TRANSPORTS } from "./card/config-schema.js";
export { ICON_PNG_BASE64 } from "./card/icon-png.js";
export {
  ICON_MIME_TYPE,
  ICON_PATH,
  ICON_PNG_PATH,
  ICON_PNG_SIZE,
  ICON_SVG,
  type Icon,
  iconsAt,
  SERVER_ICONS,
  toolIcons,
} from "./card/icons.js";
export { type CardOptions, describeEndpoint, serverCardOf } from "./card/server-card.js";
export {
  registryNamespaceOf,
  SERVER_JSON_PATH,
  SERVER_JSON_SCHEMA,
  type ServerJson,
  type ServerJsonOptions,
  type ServerJsonPackage,
  type ServerJsonRemote,
  type SourceRepository,
  serverJsonOf,
} from "./card/server-json.js";
export { BATCH_REFUSAL, isBatchBody } from "./http/batch-body.js";
export { BodySlots } from "./http/body-slots.js";
export {
  ANY_CALLER,
  type CallerPolicy,
  isLoopbackName,
  LOOPBACK_CALLER,
  refusedCaller,
} from "./http/caller-policy.js";
export {
  createMcpHttpHandler,
  LARGE_BODY_BYTES,
  type McpHttpOptions,
} from "./http/mcp-http-handler.js";
export {
  createMcpHttpHost,
  type McpHttpCall,
  type McpHttpHost,
  type McpHttpHostOptions,
  type McpHttpLog,
} from "./http/mcp-http-host.js";
export { OffThreadParser, type TrimRules } from "./http/off-thread-parser.js";
export {
  type LogSink,
  logRequestLine,
  REQUEST_LINE_FIELDS,
  type RequestLine,
  requestLineLevel,
} from "./http/request-line.js";
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
export {
  MCP_PACKAGE,
  MCP_PAYMENT,
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER,
  serverInfoOf,
} from "./server/server-info.js";
export { type GateFor, type ToolPayments, toolGates } from "./server/tool-gates.js";
export {
  inputSchemaOf,
  listedTool,
  type ObjectJsonSchema,
  outputSchemaOf,
  TOOL_ANNOTATIONS,
} from "./server/tool-listing.js";
export { TOOLS } from "./tools/catalog.js";
export { MONTE_CARLO_PRICES } from "./tools/monte-carlo-tools.js";
export { capabilitiesOf, listedPrices } from "./tools/server-capabilities.js";
export {
  PaymentRequiredSchema,
  RefusalSchema,
  structuredContentSchemaOf,
} from "./tools/structured-content.js";
export { type AnyTool, defineTool, priceOf } from "./tools/tool.js";
