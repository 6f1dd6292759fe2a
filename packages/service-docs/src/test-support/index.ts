export { codeBlocksOf } from "./code-blocks.js";
export {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
  FIXTURE_SOLANA_PAY_TO,
  hostileOperation,
} from "./fixture-operations.js";
export { hostileMcpCatalog } from "./hostile-mcp.js";
