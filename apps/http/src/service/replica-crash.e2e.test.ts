import { fileURLToPath } from "node:url";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * Settlement after the answer survives the replica that answered: one killed with SIGKILL right
 * after its answer, before it could record the settlement, loses nothing. Its payment is in the
 * shared ledger; the restarted replica (same INSTANCE_ID) takes back its claim, finds the
 * transfer it had sent on chain, and records it: the payee is paid once.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PRICE = 10_000n;
/** How long the test waits for the payment to be recorded settled after the restart. */
const SETTLED_WITHIN_MS = 60_000;

let postgres: PostgresCluster;
let devnet: Devnet;
const running: ServiceProcess[] = [];

/** The ledger a replica uses: the shared PostgreSQL, or an embedded one in a directory. */
type LedgerEnv = { DATABASE_URL: string } | { LEDGER_DIR: string };

const startReplica = async (
  instanceId: string,
  ledger: LedgerEnv = { DATABASE_URL: postgres.url },
): Promise<ServiceProcess> => {
  const replica = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    ...ledger,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
    X402_SETTLEMENT: "after-response",
    X402_RPC_URL: devnet.rpcUrl,
    INSTANCE_ID: instanceId,
  });
  running.push(replica);
  return replica;
};

beforeAll(async () => {
  [postgres, devnet] = await Promise.all([
    startPostgres(),
    // Base's block time: a settlement takes seconds, so the replica dies with it in flight.
    startDevnet({ payers: 2, httpFacilitator: true, blockTimeSeconds: 2 }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const replica of running) await replica.stop();
  await devnet?.stop();
  await postgres?.stop();
});

/**
 * Pays one screening on a replica started with `ledger`, kills it with SIGKILL as soon as the
 * answer is in, restarts it with the same INSTANCE_ID, and waits for the payment to be recorded
 * settled: the payee must have been paid exactly once.
 */
async function killAfterAnswering(instanceId: string, ledger: LedgerEnv, payerIndex: number) {
  const payer = devnet.payers[payerIndex];
  if (payer === undefined) throw new Error("the devnet has too few payers");
  const replica = await startReplica(instanceId, ledger);
  // A wallet's first call settles before its answer: the payer pays one first.
  await payBeforeAnswers(replica.url, payer.privateKey);
  const before = await devnet.balanceOf(devnet.payTo);

  const pay = payingNetworkFetch(payer.privateKey);
  const paid = await pay(`${replica.url}/api/ofac-wallet-screen/${LISTED}`);
  replica.child.kill("SIGKILL");
  expect(paid.status).toBe(200);
  expect(paid.headers.get("X-Payment-Status")).toBe("pending");
  const paymentId = paid.headers.get("X-Payment-Id") ?? "";
  await new Promise((resolve) => replica.child.once("exit", resolve));

  // The restart settles it; its receipt is free to read, as the caller would.
  const restarted = await startReplica(instanceId, ledger);
  const deadline = Date.now() + SETTLED_WITHIN_MS;
  let record = await receiptOf(restarted, paymentId);
  while (record.status !== "settled" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    record = await receiptOf(restarted, paymentId);
  }
  expect(record).toMatchObject({
    status: "settled",
    receipt: { success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
  });
  // Paid once: one transfer of the price, whatever the restart looked up or sent again.
  expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);
  await restarted.stop();
}

type Receipt = { status: string; receipt: { success: boolean; transaction: string } | null };
const receiptOf = async (replica: ServiceProcess, paymentId: string): Promise<Receipt> =>
  ((await (await fetch(`${replica.url}/api/payments/${paymentId}`)).json()) as { data: Receipt })
    .data;

describe("a replica killed after answering, before settling", () => {
  it("on the shared PostgreSQL loses nothing: the restarted replica records the settlement once, and the payee is paid once", async () => {
    await killAfterAnswering("replica-a", { DATABASE_URL: postgres.url }, 0);
  });

  it("on its embedded ledger loses nothing: the payment was committed before the answer left, and the restart settles it once", async () => {
    await killAfterAnswering("single", { LEDGER_DIR: ledgerDir() }, 1);
  });
});
