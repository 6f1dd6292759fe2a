import { fileURLToPath } from "node:url";
import { openLedger } from "@svc/ledger";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import type { Hex } from "viem";
import { describe, expect, it } from "vitest";
import { DEVNET_INFO_PATH } from "../dev/devnet-info.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { startServiceProcess } from "../test-support/service-process.js";

/**
 * A graceful stop under paid load: SIGTERM while agents keep paying over their keep-alive
 * connections. The service stops taking requests, bounds the wait for the connections (clients
 * that never pause would otherwise keep it serving for ever), settles every payment it answered
 * before its chain goes, and exits.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
/** How long the test waits for the process to exit after SIGTERM before it fails. */
const EXIT_WITHIN_MS = 60_000;

describe("SIGTERM under paid load", () => {
  it("exits with every payment it answered settled, although the clients never stop sending", async () => {
    const dir = ledgerDir();
    const service = await startServiceProcess(MAIN, {
      PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: dir,
      DEVNET_BLOCK_TIME: "2",
      X402_SETTLEMENT: "after-response",
    });
    const info = (await (await fetch(`${service.url}${DEVNET_INFO_PATH}`)).json()) as {
      payers: { privateKey: Hex }[];
    };
    expect(info.payers.length).toBeGreaterThan(0);
    // Each payer paid five calls first (a wallet is answered first only up to what it paid). The
    // service is killed if that fails: nothing outlives the test.
    await Promise.all(info.payers.map((p) => payBeforeAnswers(service.url, p.privateKey, 5))).catch(
      (error: unknown) => {
        service.child.kill("SIGKILL");
        throw error;
      },
    );
    const ids: string[] = [];
    let running = true;
    const agents = Array.from({ length: 6 }, async (_, i) => {
      const key = info.payers[i % info.payers.length]?.privateKey;
      if (key === undefined) throw new Error("the devnet has no payers");
      const pay = payingNetworkFetch(key);
      while (running) {
        const res = await pay(`${service.url}/api/ofac-wallet-screen/${LISTED}`).catch(
          () => undefined,
        );
        if (res === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        await res.arrayBuffer();
        const id = res.headers.get("X-Payment-Id");
        if (res.status === 200 && id !== null) ids.push(id);
      }
    });
    try {
      const loaded = Date.now() + EXIT_WITHIN_MS;
      while (ids.length < 20 && Date.now() < loaded) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ids.length).toBeGreaterThanOrEqual(20);
      const exited = new Promise<number | null>((resolve) =>
        service.child.once("exit", (code) => resolve(code)),
      );
      service.child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) =>
          setTimeout(() => resolve("still running"), EXIT_WITHIN_MS),
        ),
      ]);
      expect(code).toBe(0);
    } finally {
      running = false;
      await Promise.all(agents);
      service.child.kill("SIGKILL");
    }

    const ledger = await openLedger({ dir });
    try {
      const statuses = await Promise.all(
        ids.map(async (id) => (await ledger.deferred.byPaymentId(id))?.status),
      );
      expect(statuses.filter((s) => s !== "settled")).toEqual([]);
      expect(await ledger.pending()).toEqual([]);
    } finally {
      await ledger.close();
    }
  }, 120_000);
});
