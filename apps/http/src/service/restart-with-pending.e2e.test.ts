import { fileURLToPath } from "node:url";
import { openLedger } from "@svc/ledger";
import { baseTerms, createPaymentServer, PaymentGate } from "@svc/payments";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payerOf } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { countingProxy } from "../test-support/loopback-proxy.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * A service killed with answered payments still unsettled comes back up, every time, and settles
 * each of them exactly once. The payments are left as a killed process leaves them: answered,
 * recorded, and claimed by this replica (INSTANCE_ID) with their attempt in flight. The restart
 * must listen and be ready within seconds, whatever is pending, and settle everything with a
 * bounded number of calls: the facilitator's /settle and the chain's RPC go through counting
 * proxies on loopback.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PRICE = 10_000n;
/** How long the restarted service may take to be ready, whatever it finds pending. */
const READY_WITHIN_MS = 15_000;
/** How long it may take to settle what it found (200 payments on a loaded 2-core machine). */
const SETTLED_WITHIN_MS = 180_000;
/**
 * How long the left payments' authorizations stay valid: longer than the service's 60 s, so that
 * what this test checks is the recovery, not a race between leaving 200 payments on a loaded
 * machine and their expiry (an authorization that expires unsettled is tested elsewhere).
 */
const VALID_FOR_SECONDS = 900;

let postgres: PostgresCluster;
let devnet: Devnet;

beforeAll(async () => {
  [postgres, devnet] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 2, httpFacilitator: true }),
  ]);
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  await postgres?.stop();
});

type LedgerEnv = { DATABASE_URL: string } | { LEDGER_DIR: string };

/**
 * Leaves `count` payments for the screening route as a replica named `instanceId` killed with
 * its attempts in flight leaves them: each signed by a devnet payer for the route's terms,
 * verified and reserved, recorded answered, and claimed by that replica. Resolves to their ids.
 */
async function leavePending(
  ledgerEnv: LedgerEnv,
  instanceId: string,
  count: number,
  version: 1 | 2 = 2,
) {
  const ledger = await openLedger(
    "DATABASE_URL" in ledgerEnv
      ? { databaseUrl: ledgerEnv.DATABASE_URL }
      : { dir: ledgerEnv.LEDGER_DIR },
  );
  try {
    const gate = new PaymentGate(
      createPaymentServer(devnet.facilitator),
      {
        price: "0.01",
        description: "an answered screening, left unsettled",
        url: `http://127.0.0.1/api/ofac-wallet-screen/${LISTED}`,
        mimeType: "application/json",
      },
      { ...baseTerms(devnet.payTo), maxTimeoutSeconds: VALID_FOR_SECONDS },
    );
    const required = await gate.paymentRequired();
    const payer = payerOf(devnet.payers[0]!.privateKey);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const signed = await payer.createPaymentPayload(required);
      // In x402 v1 the same authorization comes in v1's payload (v1 signs the same thing).
      const payload =
        version === 2
          ? signed
          : { x402Version: 1, scheme: "exact", network: "base", payload: signed.payload };
      const verified = await gate.verify(payload);
      if (!verified.ok) throw new Error(`refused: ${verified.paymentRequired.error}`);
      const key = verified.authorization;
      await ledger.reserve({
        authorization: key,
        amount: verified.requirements.amount,
        operation: "/api/ofac-wallet-screen/:address",
        requestId: `left-${i}`,
        expiresAt: Date.now() + (VALID_FOR_SECONDS - 5) * 1000,
      });
      await ledger.deferred.admit(key, () => ({ kind: "after-response" }));
      // As the service records it: what the facilitator is to be given, in the payment's version.
      ids.push(await ledger.deferred.record(key, {}, verified.facilitatorRequest));
      await ledger.deferred.claimOne(key, instanceId);
    }
    return ids;
  } finally {
    await ledger.close();
  }
}

/** Polls `done` every 250 ms until it holds, or fails after `ms`. */
async function within(
  ms: number,
  what: string | (() => string),
  done: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) {
      throw new Error(`${typeof what === "string" ? what : what()}: not within ${ms} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

const LEDGERS: readonly [string, () => LedgerEnv][] = [
  ["PostgreSQL", () => ({ DATABASE_URL: postgres.url })],
  ["the embedded ledger", () => ({ LEDGER_DIR: ledgerDir() })],
];

describe.each(LEDGERS)("a restart on %s after a kill -9", (_name, ledgerOf) => {
  it.each([
    { count: 0, version: 2 },
    { count: 10, version: 2 },
    { count: 30, version: 2 },
    { count: 200, version: 2 },
    { count: 3, version: 1 },
  ] as const)(
    "with $count answered payments (x402 v$version) unsettled: ready within seconds, and each settled exactly once",
    async ({ count, version }) => {
      const ledger = ledgerOf();
      const instanceId = `restart-${count}-v${version}`;
      const ids = await leavePending(ledger, instanceId, count, version);
      const facilitator = await countingProxy(devnet.facilitatorUrl as string);
      const rpc = await countingProxy(devnet.rpcUrl);
      const payeeBefore = await devnet.balanceOf(devnet.payTo);
      let service: ServiceProcess | undefined;
      try {
        service = await startServiceProcess(MAIN, {
          PORT: "0",
          LOG_REQUESTS: "0",
          ...ledger,
          FACILITATOR_URL: facilitator.url,
          PAY_TO: devnet.payTo,
          X402_SETTLEMENT: "after-response",
          X402_RPC_URL: rpc.url,
          INSTANCE_ID: instanceId,
        });
        const url = service.url;
        // The service's log, to say why if the payments do not settle in time.
        const log: string[] = [];
        for (const stream of [service.child.stdout, service.child.stderr]) {
          stream?.on("data", (chunk: Buffer) => {
            log.push(...String(chunk).trim().split("\n"));
            log.splice(0, Math.max(0, log.length - 40));
          });
        }
        await within(READY_WITHIN_MS, "ready", async () => (await fetch(`${url}/ready`)).ok);
        await within(
          SETTLED_WITHIN_MS,
          () => `every payment settled (the service's last log lines:\n${log.join("\n")})`,
          async () => (await devnet.balanceOf(devnet.payTo)) >= payeeBefore + BigInt(count) * PRICE,
        );
        for (const id of ids) {
          const { data } = (await (await fetch(`${url}/api/payments/${id}`)).json()) as {
            data: { status: string };
          };
          expect(data.status, id).toBe("settled");
        }
        // Exactly once: one settlement asked of the facilitator per payment, and the payee paid
        // the price of each, no more; a handful of RPC reads per payment, whatever the count.
        expect(facilitator.counts.get("/settle") ?? 0).toBe(count);
        const rpcCalls = [...rpc.counts.values()].reduce((a, b) => a + b, 0);
        expect(rpcCalls).toBeLessThanOrEqual(4 * count + 10);
        expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + BigInt(count) * PRICE);
      } finally {
        await service?.stop();
        await facilitator.close();
        await rpc.close();
      }
    },
    SETTLED_WITHIN_MS + 60_000,
  );
});
