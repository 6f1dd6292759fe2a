import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { DEVNET_INFO_PATH } from "../dev/devnet-info.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { startService } from "./start-service.js";

describe("DEVNET_BLOCK_TIME", () => {
  it("switches development's devnet to interval mining (automine off) and reports the interval at /dev/devnet.json", async () => {
    const service = await startService(
      loadServiceConfig({
        PORT: "0",
        LOG_REQUESTS: "0",
        DEVNET_BLOCK_TIME: "2",
        LEDGER_DIR: ledgerDir(),
      }),
    );
    try {
      const info = (await (await fetch(`${service.url}${DEVNET_INFO_PATH}`)).json()) as {
        blockTimeSeconds: number | null;
        rpcUrl: string;
      };
      expect(info.blockTimeSeconds).toBe(2);
      const automine = await fetch(info.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_getAutomine", params: [] }),
      });
      expect(((await automine.json()) as { result: boolean }).result).toBe(false);
    } finally {
      await service.stop();
    }
  });
});
