import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  createSolanaRpc,
  getBase64Encoder,
  getTransactionDecoder,
  type Signature,
} from "@solana/kit";
import { openLedger } from "@svc/ledger";
import { createSolanaFacilitator, type SolanaDevnet, startSolanaDevnet } from "@svc/solana-devnet";
import { type Haproxy, startHaproxy } from "@svc/test-support/haproxy";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { v1PaymentHeader } from "@svc/test-support/x402-payer";
import {
  type Devnet,
  type FacilitatorServer,
  serveFacilitator,
  startDevnet,
} from "@svc/x402-devnet";
import { x402Client } from "@x402/core/client";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { Network, PaymentPayloadV1, PaymentRequiredV1 } from "@x402/core/types";
import { ExactSvmScheme } from "@x402/svm/exact/client";
import { ExactSvmSchemeV1 } from "@x402/svm/exact/v1/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routedFacilitator } from "../test-support/routed-facilitator.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * Two replicas of the service on one PostgreSQL, behind HAProxy, each with its own facilitator
 * (its own x402 duplicate cache) on one Solana chain: one signed Solana payment is one payment
 * wherever it is sent. A facilitator that did not settle a payment itself reports a replay of it
 * settled, with the first transaction's signature, while no money moves (a node answers a
 * transaction it already ran with its signature); so here only the shared ledger, which reserves
 * a Solana payment under its transaction message's hash, stands between a replay and a second
 * answer.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PATH = `/api/ofac-wallet-screen/${LISTED}`;
const OPERATION = "/api/ofac-wallet-screen/:address";
const PRICE = 10_000n;

let postgres: PostgresCluster;
let base: Devnet;
let solana: SolanaDevnet;
let balancer: Haproxy;
const facilitators: FacilitatorServer[] = [];
const replicas: ServiceProcess[] = [];

/**
 * A replica as deployed with a facilitator of its own: Base's (the service's terms always offer
 * Base) and a Solana facilitator no other replica shares, with the one fee payer, behind the
 * replica's own FACILITATOR_URL.
 */
async function startReplica(): Promise<ServiceProcess> {
  const facilitator = await serveFacilitator(
    routedFacilitator([
      base.facilitator,
      createSolanaFacilitator({ rpcUrl: solana.rpcUrl, feePayer: solana.feePayer.signer }),
    ]),
  );
  facilitators.push(facilitator);
  return startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: facilitator.url,
    PAY_TO: base.payTo,
    PAY_TO_SOLANA: solana.payTo,
  });
}

beforeAll(async () => {
  [postgres, base, solana] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 0 }),
    startSolanaDevnet({ payers: 1 }),
  ]);
  // One after the other: the first creates the ledger's schema (the second would wait on it).
  replicas.push(await startReplica());
  replicas.push(await startReplica());
  balancer = await startHaproxy(replicas.map((r) => r.url));
}, 180_000);

afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await balancer?.stop();
  for (const facilitator of facilitators) await facilitator.close();
  await solana?.stop();
  await base?.stop();
  await postgres?.stop();
});

/** What one request carrying the payment got: its status, refusal and receipt. */
interface Answer {
  readonly origin: string;
  readonly status: number;
  readonly error: string | undefined;
  readonly receipt: string | null;
}

/** Sends the payment in `headers` (x402 v2's `PAYMENT-SIGNATURE`, or v1's `X-PAYMENT`). */
const send = async (origin: string, headers: Record<string, string>): Promise<Answer> => {
  const res = await fetch(`${origin}${PATH}`, { headers });
  const body = (await res.json()) as { error?: string };
  return {
    origin,
    status: res.status,
    error: res.status === 402 ? body.error : undefined,
    receipt: res.headers.get("PAYMENT-RESPONSE") ?? res.headers.get("X-PAYMENT-RESPONSE"),
  };
};

/** Every origin a buyer can reach: the balancer, then each replica directly. */
const origins = () => [balancer.url, ...replicas.map((r) => r.url)];

/** The first payer of the Solana devnet. */
function solanaPayer(): SolanaDevnet["payers"][number] {
  const [payer] = solana.payers;
  if (payer === undefined) throw new Error("the Solana devnet has no payer");
  return payer;
}

/**
 * Sends one payment 12 times at once, spread over the balancer and both replicas, and checks
 * that exactly one is answered (the others refused as in use or used) and that the price moved
 * once from the payer to the payee; then sends it again to each origin (all refused as used,
 * nothing moves). Answers the settled transaction's signature, from the one answer's receipt.
 */
async function payOnceFromEverywhere(headers: Record<string, string>): Promise<string> {
  const payer = solanaPayer();
  const payeeBefore = (await solana.usdcBalanceOf(solana.payTo)) ?? 0n;
  const payerBefore = (await solana.usdcBalanceOf(payer.address)) ?? 0n;
  const everywhere = origins();
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      send(everywhere[i % everywhere.length] as string, headers),
    ),
  );

  const served = answers.filter((a) => a.status === 200);
  expect(served, JSON.stringify(answers.map((a) => [a.status, a.error]))).toHaveLength(1);
  for (const refused of answers.filter((a) => a.status !== 200)) {
    expect(refused.status).toBe(402);
    expect(["payment_in_use", "payment_already_used"]).toContain(refused.error);
  }
  expect(await solana.usdcBalanceOf(solana.payTo)).toBe(payeeBefore + PRICE);
  expect(await solana.usdcBalanceOf(payer.address)).toBe(payerBefore - PRICE);

  // The receipt names the transaction, which the chain ran and confirmed.
  const receipt = decodePaymentResponseHeader(served[0]?.receipt ?? "");
  expect(receipt.success).toBe(true);
  const signature = receipt.transaction;
  // Base58 with both cases: a ledger that lower-cased it would name another transaction.
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  expect(signature).toMatch(/[A-Z]/);
  const { value: statuses } = await createSolanaRpc(solana.rpcUrl)
    .getSignatureStatuses([signature as Signature])
    .send();
  expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: "confirmed" });

  // Sent again afterwards, to each replica and through the balancer: refused, nothing moves.
  const again = await Promise.all(everywhere.map((origin) => send(origin, headers)));
  expect(again.map((a) => [a.status, a.error])).toEqual(
    everywhere.map(() => [402, "payment_already_used"]),
  );
  expect(await solana.usdcBalanceOf(solana.payTo)).toBe(payeeBefore + PRICE);
  expect(await solana.usdcBalanceOf(payer.address)).toBe(payerBefore - PRICE);
  return signature;
}

/**
 * The shared ledger's row for the payment, found under its key (the network, USDC, the payer and
 * the message hash): settled, its payer the transfer's authority (not the fee payer), its
 * transaction the signature as the chain spells it. Also: nothing else pending or failed, and
 * `settled` payments settled in all for the screening today.
 */
async function expectSettledInLedger(
  payload: { payload: Record<string, unknown> },
  signature: string,
  settled: number,
): Promise<void> {
  const payer = solanaPayer();
  const ledger = await openLedger({ databaseUrl: postgres.url });
  try {
    const row = await ledger.find({
      network: solana.network,
      asset: solana.usdcMint,
      payer: payer.address,
      nonce: messageHashOf(payload),
    });
    expect(row).toMatchObject({
      network: solana.network,
      asset: solana.usdcMint,
      payer: payer.address,
      operation: OPERATION,
      amount: String(PRICE),
      status: "settled",
      txHash: signature,
    });
    expect(row?.payer).not.toBe(solana.feePayer.address);
    expect(await ledger.totals({ days: 1 })).toEqual([
      expect.objectContaining({
        operation: OPERATION,
        settled,
        settledAmount: String(PRICE * BigInt(settled)),
        pending: 0,
        failed: 0,
      }),
    ]);
    expect(await ledger.pending()).toEqual([]);
    expect(await ledger.failed()).toEqual([]);
  } finally {
    await ledger.close();
  }
}

/** The key the ledger reserves a Solana payment under: its transaction message's SHA-256. */
function messageHashOf(payload: { payload: Record<string, unknown> }): string {
  const { transaction } = payload.payload as { transaction: string };
  const { messageBytes } = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  return createHash("sha256").update(Uint8Array.from(messageBytes)).digest("base64");
}

describe("two replicas, each with its own Solana facilitator, on one PostgreSQL", () => {
  it("one Solana payment sent 12 times at once to both replicas, directly and through the balancer, is answered once and moves the price once", async () => {
    // The terms, as a buyer reads them: Base first, then Solana with the facilitator's fee payer.
    const unpaid = await fetch(`${balancer.url}${PATH}`);
    expect(unpaid.status).toBe(402);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
    expect(required.accepts.map((a) => a.network)).toEqual([base.network, solana.network]);
    expect(required.accepts[1]).toMatchObject({
      asset: solana.usdcMint,
      payTo: solana.payTo,
      amount: String(PRICE),
      extra: { feePayer: solana.feePayer.address },
    });

    // The buyer pays on Solana: @x402/core's client with @x402/svm's exact scheme.
    const payload = await new x402Client()
      .register(solana.network, new ExactSvmScheme(solanaPayer().signer, { rpcUrl: solana.rpcUrl }))
      .createPaymentPayload(required);
    expect(payload.accepted.network).toBe(solana.network);

    const signature = await payOnceFromEverywhere({
      "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payload),
    });
    await expectSettledInLedger(payload, signature, 1);
  });

  it("one Solana payment in x402 v1 (X-PAYMENT, the network named `solana`) likewise", async () => {
    const terms = (await (await fetch(`${balancer.url}${PATH}`)).json()) as PaymentRequiredV1;
    expect(terms.accepts.map((a) => a.network)).toEqual([base.v1Network, "solana"]);
    const payload = (await new x402Client()
      .registerV1(
        "solana" as Network,
        new ExactSvmSchemeV1(solanaPayer().signer, { rpcUrl: solana.rpcUrl }),
      )
      // x402Client is typed with v2's shapes only; v1's go through it at run time.
      .createPaymentPayload(terms as never)) as unknown as PaymentPayloadV1;
    expect(payload.network).toBe("solana");

    const signature = await payOnceFromEverywhere({ "X-PAYMENT": v1PaymentHeader(payload) });
    await expectSettledInLedger(payload, signature, 2);
  });
});
