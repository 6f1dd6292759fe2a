export { FIXTURE_OPERATIONS, FIXTURE_PAY_TO, hostileOperation } from "./fixture-operations.js";
export { FIXTURE_ATTESTATION_ENDPOINTS, FIXTURE_FREE_ENDPOINTS } from "./free-endpoints.js";
export { hostileMcpCatalog } from "./hostile-mcp.js";
