import { createServer } from "node:net";
import { testCdpKey } from "@svc/test-support/cdp-keys";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { SupportedKind } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig, type ServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import {
  CDP_PATH,
  type CdpStandIn,
  startCdpStandIn,
} from "../test-support/cdp-facilitator-stand-in.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { FacilitatorUnfitError } from "./facilitator-check.js";
import { type RunningService, startService } from "./start-service.js";

/**
 * A production start asks the facilitator's `/supported` before it listens: it refuses when the
 * facilitator lacks the network, the scheme or an x402 version the service takes (v2 names the
 * network as CAIP-2, v1 by name), or refuses the service's credentials; a facilitator it cannot
 * reach is logged and the service comes up (paid calls answer 503 until it is reachable).
 *
 * The facilitator is the local stand-in for Coinbase's (every call's JWT checked). A production
 * configuration refuses a loopback facilitator (payment-config's tests), so each configuration
 * here is read as development and started as production: what the start does in production is
 * what is tested.
 */
const kind = (x402Version: number, network: string): SupportedKind => ({
  x402Version,
  scheme: "exact",
  network: network as SupportedKind["network"],
});
const CDP_KINDS = [
  kind(1, "base"),
  kind(1, "base-sepolia"),
  kind(2, "eip155:8453"),
  kind(2, "eip155:84532"),
];

const key = testCdpKey("ed25519");
let devnet: Devnet;
let standIn: CdpStandIn;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
  standIn = await startCdpStandIn(key, devnet.facilitator);
}, 60_000);
afterAll(async () => {
  await standIn?.close();
  await devnet?.stop();
});

const inProduction = (env: Record<string, string> = {}): ServiceConfig => {
  const config = loadServiceConfig({
    PORT: "0",
    LOG_REQUESTS: "0",
    LEDGER_DIR: ledgerDir(),
    CDP_API_KEY_ID: key.id,
    CDP_API_KEY_SECRET: key.secret,
    FACILITATOR_URL: standIn.url,
    PAY_TO: devnet.payTo,
    ...env,
  });
  return { ...config, payments: { ...config.payments, mode: "production" } };
};
const supportedAsked = () =>
  standIn.calls.filter((c) => c.path === `${CDP_PATH}/supported` && c.status === 200).length;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a production start asks the facilitator what it supports", () => {
  it("refuses when it lacks x402 v1 on the network's v1 name, naming what is missing", async () => {
    standIn.advertise([kind(2, "eip155:8453")]);
    const asked = supportedAsked();
    const start = startService(inProduction());
    await expect(start).rejects.toBeInstanceOf(FacilitatorUnfitError);
    await expect(start).rejects.toThrow(
      `the facilitator at ${standIn.url} cannot settle what this service takes: the facilitator does not support x402 v1 "exact" on base (it lists v2 exact eip155:8453)`,
    );
    expect(supportedAsked()).toBe(asked + 1);
    // With only x402 v2 configured, the same facilitator is enough.
    const service = await startService(inProduction({ X402_VERSIONS: "2" }));
    await service.stop();
  });

  it("refuses when it lacks the configured network in either version", async () => {
    standIn.advertise([kind(1, "base-sepolia"), kind(2, "eip155:84532")]);
    const start = startService(inProduction());
    await expect(start).rejects.toThrow(
      /x402 v1 "exact" on base \(.*x402 v2 "exact" on eip155:8453 \(/,
    );
  });

  it("starts when it supports everything, and serves", async () => {
    standIn.advertise(CDP_KINDS);
    const asked = supportedAsked();
    const service: RunningService = await startService(inProduction());
    try {
      expect(supportedAsked()).toBe(asked + 1);
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
      expect(
        (
          await fetch(
            `${service.url}/api/ofac-wallet-screen/0x00000000000000000000000000000000000000aa`,
          )
        ).status,
      ).toBe(402);
    } finally {
      await service.stop();
    }
  });

  it("refuses when the facilitator refuses the service's credentials (another key under the same id)", async () => {
    standIn.advertise(CDP_KINDS);
    const stranger = testCdpKey("ed25519");
    const start = startService(inProduction({ CDP_API_KEY_SECRET: stranger.secret }));
    await expect(start).rejects.toThrow(/refused the service's credentials: .*\(401\)/);
    await expect(start).rejects.not.toThrow(stranger.secret);
  });

  it("starts when the facilitator cannot be reached, logs the reason, and paid calls answer 503", async () => {
    const lines: Record<string, unknown>[] = [];
    const url = `http://127.0.0.1:${await closedPort()}${CDP_PATH}`;
    const began = Date.now();
    const service = await startService(inProduction({ FACILITATOR_URL: url }), {
      log: memoryLog(lines),
    });
    try {
      expect(Date.now() - began).toBeLessThan(10_000);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "warn",
          facilitator: url,
          reason: expect.stringMatching(/fetch failed|ECONNREFUSED/),
          msg: expect.stringContaining("paid calls answer 503 until it is reachable"),
        }),
      );
      expect(JSON.stringify(lines)).not.toContain(key.secret);
      const paid = await fetch(
        `${service.url}/api/ofac-wallet-screen/0x00000000000000000000000000000000000000aa`,
      );
      expect(paid.status).toBe(503);
      expect(JSON.stringify(await paid.json())).toContain("PAYMENT_FACILITATOR_UNAVAILABLE");
    } finally {
      await service.stop();
    }
  });
});
