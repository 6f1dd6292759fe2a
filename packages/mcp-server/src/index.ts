// The signing a server is given (`McpServerOptions.attestation`) is the compliance layer's.
export type { /** @public */ AttestationSigning } from "@svc/compliance";
export { ICON_PNG_BASE64 } from "./card/icon-png.js";
export {
  ICON_PATH,
  ICON_PNG_PATH,
  ICON_SVG,
  // What the three below return.
  /** @public */ type Icon,
  /** @public */ iconsAt,
  /** @public */ SERVER_ICONS,
} from "./card/icons.js";
export {
  /** @public */ type CardOptions,
  describeEndpoint,
  serverCardOf,
} from "./card/server-card.js";
export {
  SERVER_JSON_PATH,
  // What `serverJsonOf` is given and returns.
  /** @public */ type ServerJson,
  /** @public */ type ServerJsonOptions,
  serverJsonOf,
} from "./card/server-json.js";
export {
  ANY_CALLER,
  type CallerPolicy,
  isLoopbackName,
  LOOPBACK_CALLER,
} from "./http/caller-policy.js";
export {
  createMcpHttpHandler,
  /** @public */ type McpHttpOptions,
} from "./http/mcp-http-handler.js";
export {
  createMcpHttpHost,
  /** @public */ type McpHttpCall,
  /** @public */ type McpHttpHost,
  /** @public */ type McpHttpHostOptions,
} from "./http/mcp-http-host.js";
export {
  type LogSink,
  REQUEST_LINE_FIELDS,
} from "./http/request-line.js";
export { PROMPTS } from "./prompts/briefs.js";
export {
  type AnyPrompt,
  definePrompt,
  // What `definePrompt` is given and returns.
  /** @public */ type McpPrompt,
  /** @public */ type PromptDefinition,
  promptArgumentsOf,
} from "./prompts/prompt.js";
export { ToolRefusal } from "./results/tool-refusal.js";
export {
  createMcpServer,
  type McpServerOptions,
  // What `ToolCallReport.outcome` says.
  /** @public */ type ToolCallOutcome,
  type ToolCallReport,
} from "./server/create-server.js";
export {
  DRY_RUN_META,
  /** @public */ type DryRunAllowance,
} from "./server/dry-run-call.js";
export type {
  /** @public */ PaidNetwork,
  /** @public */ PaidOn,
} from "./server/paid-on.js";
export { MCP_PAYMENT, MCP_SERVER } from "./server/server-info.js";
export {
  SIGN_IN_META,
  /** @public */ type ToolCall,
  /** @public */ type ToolCaller,
} from "./server/tool-call.js";
export {
  // What `toolGates` returns and `McpServerOptions.gateFor` takes.
  /** @public */ type GateFor,
  type ToolPayments,
  /** @public */ toolGates,
} from "./server/tool-gates.js";
export {
  listedTool,
  // Named by the declarations of dependents that infer types from a listed tool's schemas.
  /** @public */ type ObjectJsonSchema,
} from "./server/tool-listing.js";
export { TOOLS } from "./tools/catalog.js";
export { MONITOR_TOOLS } from "./tools/monitor-tools.js";
export { listedPrices } from "./tools/server-capabilities.js";
export {
  type AnyTool,
  defineTool,
  priceOf,
  /** @public */ type ToolDeps,
  /** @public */ type ToolEffects,
} from "./tools/tool.js";
