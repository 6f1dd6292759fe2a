import { describeConformance } from "@svc/test-support/conformance-runner";
import { startHttpBin } from "./test-support/bin.js";

// The standalone server as a peer's test suite meets it: `svc-mcp --http 0` spawned from the
// built bin, on loopback (so the suite's DNS-rebinding scenario applies), free, on the sample.
describeConformance(
  "svc-mcp --http",
  new URL("./conformance-expected-failures.json", import.meta.url),
  async () => {
    const { bin, mcpUrl } = await startHttpBin();
    return {
      mcpUrl,
      stop: async () => {
        await bin.kill();
      },
    };
  },
);
