import type { Devnet } from "@svc/x402-devnet";
import type { Logger } from "pino";
import { loadServiceConfig } from "../config/service-config.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "./ledger-dir.js";

/**
 * The service in this process, settling after the answer through a devnet the test started (its
 * HTTP facilitator and RPC), on an embedded ledger of its own: what a test that controls the
 * chain (balances, mining) runs against.
 */
export const startServiceSettlingAfterAnswer = (
  devnet: Devnet,
  log: Logger,
  /** Settings over these (e.g. FACILITATOR_URL through a proxy). */
  env: Record<string, string> = {},
): Promise<RunningService> =>
  startService(
    loadServiceConfig({
      PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: ledgerDir(),
      FACILITATOR_URL: devnet.facilitatorUrl,
      PAY_TO: devnet.payTo,
      X402_SETTLEMENT: "after-response",
      X402_RPC_URL: devnet.rpcUrl,
      ...env,
    }),
    { log },
  );
