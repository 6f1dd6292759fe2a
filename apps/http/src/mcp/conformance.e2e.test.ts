import { describeConformance } from "@svc/test-support/conformance-runner";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";

// Hosted /mcp as a peer's test suite meets it: the service as `svc-http` starts it (development:
// its own local chain and an embedded ledger), on loopback. Its paid tools answer an unpaid call
// with the x402 PaymentRequired; the suite calls none of them.
describeConformance(
  "hosted /mcp",
  new URL("./conformance-expected-failures.json", import.meta.url),
  async () => {
    const service = await startService(
      loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: ledgerDir() }),
      { log: memoryLog([]) },
    );
    return { mcpUrl: `${service.url}/mcp`, stop: () => service.stop() };
  },
);
