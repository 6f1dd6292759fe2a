import { fileURLToPath } from "node:url";
import { openLedger } from "@svc/ledger";
import { type Haproxy, startHaproxy } from "@svc/test-support/haproxy";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * Two replicas of the service on one PostgreSQL, behind a real load balancer (HAProxy): one
 * authorization is one payment wherever it is sent. The replicas share their reservations
 * through the ledger's unique key on the authorization, so an attacker who sends the same
 * signed payment to every replica at once (directly and through the balancer) gets one answer
 * and is charged once.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PATH = `/api/ofac-wallet-screen/${LISTED}`;
const PRICE = 10_000n;

let postgres: PostgresCluster;
let devnet: Devnet;
let balancer: Haproxy;
const replicas: ServiceProcess[] = [];

/** A replica as deployed: its own process, the shared database, the configured facilitator. */
const startReplica = (): Promise<ServiceProcess> =>
  startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
  });

beforeAll(async () => {
  [postgres, devnet] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 1, httpFacilitator: true }),
  ]);
  // One after the other: the first creates the ledger's schema (the second would wait on it).
  replicas.push(await startReplica());
  replicas.push(await startReplica());
  balancer = await startHaproxy(replicas.map((r) => r.url));
}, 180_000);

afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await balancer?.stop();
  await devnet?.stop();
  await postgres?.stop();
});

describe("several replicas on one PostgreSQL, behind HAProxy", () => {
  it("one authorization sent to both replicas at once, directly and through the balancer, runs once and is charged once", async () => {
    const unpaid = await fetch(`${balancer.url}${PATH}`);
    expect(unpaid.status).toBe(402);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const header = encodePaymentSignatureHeader(
      await payerOf(payer.privateKey).createPaymentPayload(required),
    );
    const before = await devnet.balanceOf(devnet.payTo);

    const origins = [balancer.url, ...replicas.map((r) => r.url)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${origins[i % origins.length]}${PATH}`, {
          headers: { "PAYMENT-SIGNATURE": header },
        }).then(async (res) => ({
          status: res.status,
          error: res.status === 402 ? ((await res.json()) as { error?: string }).error : undefined,
        })),
      ),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(402);
      expect(["payment_in_use", "payment_already_used"]).toContain(refused.error);
    }
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);

    // The shared ledger holds the one payment, settled.
    const ledger = await openLedger({ databaseUrl: postgres.url });
    try {
      const totals = await ledger.totals({ days: 1 });
      expect(totals).toEqual([
        expect.objectContaining({
          operation: "/api/ofac-wallet-screen/:address",
          settled: 1,
          settledAmount: String(PRICE),
        }),
      ]);
    } finally {
      await ledger.close();
    }
  });

  it("both replicas answer through the balancer, from one list edition", async () => {
    const readies = await Promise.all(
      [...replicas.map((r) => r.url), balancer.url, balancer.url].map(async (origin) => {
        const res = await fetch(`${origin}/ready`);
        return (await res.json()) as { ready: boolean; list: { datasetSha256: string } };
      }),
    );
    expect(readies.every((r) => r.ready)).toBe(true);
    expect(new Set(readies.map((r) => r.list.datasetSha256)).size).toBe(1);
  });
});

describe("several replicas on one PostgreSQL, paid in x402 v1", () => {
  /** The screening's settled payments in the shared ledger, today. */
  const settledScreenings = async () => {
    const ledger = await openLedger({ databaseUrl: postgres.url });
    try {
      const totals = await ledger.totals({ days: 1 });
      return totals.find((t) => t.operation === "/api/ofac-wallet-screen/:address")?.settled ?? 0;
    } finally {
      await ledger.close();
    }
  };

  it("one v1 authorization (X-PAYMENT) sent to both replicas at once, directly and through the balancer, runs once and is settled once", async () => {
    const terms = (await (await fetch(`${balancer.url}${PATH}`)).json()) as PaymentRequiredV1;
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const header = v1PaymentHeader(await v1PayloadFor(terms, payer.privateKey));
    const before = await devnet.balanceOf(devnet.payTo);
    const settledBefore = await settledScreenings();

    const origins = [balancer.url, ...replicas.map((r) => r.url)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${origins[i % origins.length]}${PATH}`, { headers: { "X-PAYMENT": header } }).then(
          async (res) => ({
            status: res.status,
            receipt: res.headers.get("X-PAYMENT-RESPONSE"),
            error:
              res.status === 402 ? ((await res.json()) as { error?: string }).error : undefined,
          }),
        ),
      ),
    );

    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(1);
    expect(served[0]?.receipt).toBeTruthy();
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(402);
      expect(["payment_in_use", "payment_already_used"]).toContain(refused.error);
    }
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);
    expect(await settledScreenings()).toBe(settledBefore + 1);
  });
});
