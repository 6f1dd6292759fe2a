import { payingNetworkFetch, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, devnetChain, startDevnet, USDC_ADDRESS } from "@svc/x402-devnet";
import type { PaymentRequiredV1 } from "@x402/core/types";
import { createWalletClient, type Hex, http, parseAbi, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLog } from "../log/test-support/memory-log.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { startServiceSettlingAfterAnswer } from "../test-support/service-on-devnet.js";
import type { RunningService } from "./start-service.js";

/**
 * The attack on settlement after the answer: take the answer, then move the USDC away before
 * the settlement lands (a transfer with a higher fee, mined first). The settlement is refused
 * on chain; the payer is refused every paid call (402 `payer_settlement_failed`) until that
 * payment is paid, which the settler keeps trying while its authorization is valid: once the
 * wallet is funded again, it settles, and the payer is served again.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = `/api/ofac-wallet-screen/${LISTED}`;
const REPORT = "/api/workflows/compliance/wallet-sanctions-report";
const REPORT_PRICE = 40_000n;
const TOKEN = parseAbi([
  "function transfer(address to, uint256 value) returns (bool)",
  "function mint(address to, uint256 amount) returns (bool)",
]);

let devnet: Devnet;
let service: RunningService;
const logged: Record<string, unknown>[] = [];

const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
  const res = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const walletOf = (key: Hex) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  });
const pendingTransactions = async (): Promise<number> =>
  Number.parseInt(((await rpc("txpool_status")) as { pending: string }).pending, 16);
const until = async (what: string, check: () => Promise<boolean>, withinMs = 30_000) => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1, httpFacilitator: true });
  service = await startServiceSettlingAfterAnswer(devnet, memoryLog(logged));
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await devnet?.stop();
});

describe("settlement after the answer: the wallet drained after the answer", () => {
  it("refuses the payer until the payment is paid, then settles it once the wallet is funded again", async () => {
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const pay = payingNetworkFetch(payer.privateKey);
    // Four screenings paid first: the payer may owe a report's price answered first.
    await payBeforeAnswers(service.url, payer.privateKey, 4);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    // Blocks only when the test mines one: the settlement waits in the mempool.
    await rpc("evm_setAutomine", [false]);
    const report = await pay(`${service.url}${REPORT}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ address: LISTED, asset: "ETH" }),
    });
    expect(report.status).toBe(200);
    expect(report.headers.get("X-Payment-Status")).toBe("pending");
    const reportId = report.headers.get("X-Payment-Id") ?? "";
    await until("the settlement is sent", async () => (await pendingTransactions()) >= 1);

    // All but two screenings' worth moved away, with a fee that puts it first in the block.
    const balance = await devnet.balanceOf(payer.address);
    await walletOf(payer.privateKey).writeContract({
      address: USDC_ADDRESS,
      abi: TOKEN,
      functionName: "transfer",
      args: [devnet.deployer.address, balance - 20_000n],
      // Given, not estimated: estimating would run it after the pending settlement.
      gas: 100_000n,
      maxPriorityFeePerGas: parseGwei("50"),
      maxFeePerGas: parseGwei("100"),
    });
    await rpc("evm_mine");
    await rpc("evm_setAutomine", [true]);
    await until(
      "the settlement is refused on chain",
      async () => (await service.ledger.deferred.byPaymentId(reportId))?.lastRefusal != null,
    );

    // The payer can afford a screening, and the facilitator would verify it: refused all the same.
    const refused = await pay(`${service.url}${SCREEN}`);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error?: string }).error).toBe("payer_settlement_failed");

    // Funded again: the settler's next attempt pays the report, and the payer is served again.
    const hash = await walletOf(devnet.deployer.privateKey).writeContract({
      address: USDC_ADDRESS,
      abi: TOKEN,
      functionName: "mint",
      args: [payer.address, REPORT_PRICE],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await until(
      "the report's payment is settled",
      async () => (await service.ledger.deferred.byPaymentId(reportId))?.status === "settled",
    );
    const served = await pay(`${service.url}${SCREEN}`);
    expect(served.status).toBe(200);
    await service.deferred?.idle();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + REPORT_PRICE + 10_000n);
  });
});

describe("settlement after the answer: the wallet drained after a v1 answer", () => {
  /** A paid call in x402 v1: a new authorization from the unpaid 402's body, as `X-PAYMENT`. */
  const payV1 = async (path: string, init: RequestInit = {}) => {
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const terms = (await (await fetch(`${service.url}${path}`, init)).json()) as PaymentRequiredV1;
    const header = v1PaymentHeader(await v1PayloadFor(terms, payer.privateKey));
    return fetch(`${service.url}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-PAYMENT": header },
    });
  };
  const report = {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ address: LISTED, asset: "ETH" }),
  };

  it("refuses the v1 payer until the payment is paid, then settles it from its v1 record once the wallet is funded again", async () => {
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    await service.deferred?.idle();
    // Funded again for this one: the first attack left it a screening's worth.
    const funded = await walletOf(devnet.deployer.privateKey).writeContract({
      address: USDC_ADDRESS,
      abi: TOKEN,
      functionName: "mint",
      args: [payer.address, 10n * REPORT_PRICE],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash: funded });
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    await rpc("evm_setAutomine", [false]);
    const answered = await payV1(REPORT, report);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("X-Payment-Status")).toBe("pending");
    const reportId = answered.headers.get("X-Payment-Id") ?? "";
    await until("the settlement is sent", async () => (await pendingTransactions()) >= 1);

    const balance = await devnet.balanceOf(payer.address);
    await walletOf(payer.privateKey).writeContract({
      address: USDC_ADDRESS,
      abi: TOKEN,
      functionName: "transfer",
      args: [devnet.deployer.address, balance - 20_000n],
      gas: 100_000n,
      maxPriorityFeePerGas: parseGwei("50"),
      maxFeePerGas: parseGwei("100"),
    });
    await rpc("evm_mine");
    await rpc("evm_setAutomine", [true]);
    await until(
      "the settlement is refused on chain",
      async () => (await service.ledger.deferred.byPaymentId(reportId))?.lastRefusal != null,
    );

    const refused = await payV1(SCREEN);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error?: string }).error).toBe("payer_settlement_failed");

    const hash = await walletOf(devnet.deployer.privateKey).writeContract({
      address: USDC_ADDRESS,
      abi: TOKEN,
      functionName: "mint",
      args: [payer.address, REPORT_PRICE],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await until(
      "the report's payment is settled",
      async () => (await service.ledger.deferred.byPaymentId(reportId))?.status === "settled",
    );
    const served = await payV1(SCREEN);
    expect(served.status).toBe(200);
    await service.deferred?.idle();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + REPORT_PRICE + 10_000n);
  });
});
