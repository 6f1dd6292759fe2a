import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import type { SolanaDevnet, SolanaDevnetAccount } from "@svc/solana-devnet";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { ExactSvmScheme } from "@x402/svm/exact/client";
import { ExactSvmSchemeV1 } from "@x402/svm/exact/v1/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";

/**
 * USDC on Solana as a second way to pay, on the real runtime: the service in development with
 * PAY_TO_SOLANA runs litesvm (the real SPL Token program) behind a loopback RPC and @x402/svm's
 * facilitator, and a Solana payer pays with @x402/svm's own client (v2, and v1). Each attack on
 * a Solana payment is refused or not charged, read on the payee's token account; a Base payer
 * is unaffected.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x0000000000000000000000000000000000000001";
const SCREEN = `/api/ofac-wallet-screen/${LISTED}`;
const BATCH = "/api/workflows/compliance/batch-wallet-screen";
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
/** A small report, valid for the report routes ($0.05 each). */
const REPORT = {
  report_meta: { report_type: "screening", title: "Solana", author: "test", date: "2026-01-15" },
  tables: {
    rows: {
      columns: ["address", "status"],
      rows: [{ address: LISTED, status: "match" }],
    },
  },
};
/** A Solana payee whose USDC token account the local runtime creates (any address will do). */
const PAY_TO_SOLANA = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

let service: RunningService;
let solana: SolanaDevnet;

beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: ledgerDir(),
      PAY_TO_SOLANA,
    }),
  );
  if (service.solanaDevnet === undefined) throw new Error("no local Solana runtime started");
  solana = service.solanaDevnet;
}, 120_000);

afterAll(async () => {
  await service?.stop();
});

const payer = (i: number): SolanaDevnetAccount => {
  const account = solana.payers[i];
  if (account === undefined) throw new Error(`no Solana payer ${i}`);
  return account;
};
const payee = async () => (await solana.usdcBalanceOf(PAY_TO_SOLANA)) ?? 0n;
const balanceOf = async (account: SolanaDevnetAccount) =>
  (await solana.usdcBalanceOf(account.address)) ?? 0n;

/** The terms of `path` as a v2 client reads them (the PAYMENT-REQUIRED header). */
async function challengeOf(path: string, init: RequestInit = {}): Promise<PaymentRequired> {
  const res = await fetch(`${service.url}${path}`, init);
  expect(res.status).toBe(402);
  await res.arrayBuffer();
  return decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") ?? "");
}

/** A Solana payment of `path`'s terms, made by @x402/svm's client (it picks the Solana entry). */
const solanaPayment = async (
  account: SolanaDevnetAccount,
  path: string,
  init: RequestInit = {},
): Promise<PaymentPayload> =>
  new x402Client()
    .register(SOLANA, new ExactSvmScheme(account.signer, { rpcUrl: solana.rpcUrl }))
    .createPaymentPayload(await challengeOf(path, init));

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const paid = (path: string, payment: PaymentPayload, init: RequestInit = {}) =>
  fetch(`${service.url}${path}`, {
    ...init,
    headers: { ...init.headers, "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
  });

const refusalOf = async (res: Response): Promise<string | undefined> =>
  ((await res.json()) as { error?: string }).error;

describe("USDC on Solana: every paid route offers it beside Base", () => {
  it("the 402 offers Base first, then Solana's USDC to PAY_TO_SOLANA at the same price, the facilitator as fee payer", async () => {
    const required = await challengeOf(SCREEN);
    expect(required.accepts.map((a) => a.network)).toEqual(["eip155:8453", SOLANA]);
    const [base, sol] = required.accepts;
    expect(sol).toMatchObject({
      scheme: "exact",
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payTo: PAY_TO_SOLANA,
      amount: base?.amount,
      extra: { feePayer: solana.feePayer.address },
    });
    expect(sol?.maxTimeoutSeconds).toBeLessThanOrEqual(60);
    // v1's words in the body: the network by its v1 name.
    const v1 = (await (await fetch(`${service.url}${SCREEN}`)).json()) as PaymentRequiredV1;
    expect(v1.accepts.map((a) => a.network)).toEqual(["base", "solana"]);
  });

  it("a Solana payer pays a GET screening: 200 with the answer, the payee's token account gains exactly the price, the receipt and the attestation name the Solana payment and its payer (the transfer's authority, not the fee payer)", async () => {
    const account = payer(0);
    const [before, paying] = [await payee(), await balanceOf(account)];
    const res = await paid(SCREEN, await solanaPayment(account, SCREEN));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { summary: { status: string } };
      attestation: { jws: string } | string;
    };
    expect(body.data.summary.status).toBe("match");
    expect(await payee()).toBe(before + 10_000n);
    expect(await balanceOf(account)).toBe(paying - 10_000n);
    const receipt = JSON.parse(
      Buffer.from(res.headers.get("PAYMENT-RESPONSE") ?? "", "base64").toString(),
    ) as { success: boolean; network: string; payer: string; transaction: string };
    expect(receipt).toMatchObject({ success: true, network: SOLANA, payer: account.address });
    expect(receipt.payer).not.toBe(solana.feePayer.address);
    expect(receipt.transaction).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    const jws = typeof body.attestation === "string" ? body.attestation : body.attestation.jws;
    const claims = JSON.parse(Buffer.from(jws.split(".")[1] ?? "", "base64url").toString()) as {
      payment: Record<string, string>;
    };
    expect(claims.payment).toMatchObject({ network: SOLANA, payer: account.address });
  });

  it("a Solana payer pays a POST batch screening: the payee gains exactly the batch price", async () => {
    const before = await payee();
    const init = post({ addresses: [LISTED, CLEAR] });
    const res = await paid(BATCH, await solanaPayment(payer(1), BATCH, init), init);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await payee()).toBe(before + 100_000n);
  });

  it("an x402 v1 Solana client pays (X-PAYMENT, network `solana`): the payee gains exactly the price", async () => {
    const before = await payee();
    const v1Terms = (await (await fetch(`${service.url}${SCREEN}`)).json()) as PaymentRequiredV1;
    const payment = await new x402Client()
      .registerV1("solana", new ExactSvmSchemeV1(payer(2).signer, { rpcUrl: solana.rpcUrl }))
      .createPaymentPayload(v1Terms as never);
    expect(payment.x402Version).toBe(1);
    const res = await fetch(`${service.url}${SCREEN}`, {
      headers: { "X-PAYMENT": encodePaymentSignatureHeader(payment) },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(res.headers.get("X-PAYMENT-RESPONSE")).not.toBeNull();
    expect(await payee()).toBe(before + 10_000n);
  });

  it("a Base payer is unaffected: pays on Base as before, and nothing moves on Solana", async () => {
    const [solanaBefore, baseBefore] = [
      await payee(),
      await service.devnet?.balanceOf(service.devnet.payTo),
    ];
    const devnetPayer = service.devnet?.payers[0];
    if (devnetPayer === undefined || baseBefore === undefined) throw new Error("no Base devnet");
    const payment = await payerOf(devnetPayer.privateKey).createPaymentPayload(
      await challengeOf(SCREEN),
    );
    expect(payment.accepted.network).toBe("eip155:8453");
    const res = await paid(SCREEN, payment);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await service.devnet?.balanceOf(service.devnet.payTo)).toBe(baseBefore + 10_000n);
    expect(await payee()).toBe(solanaBefore);
  });
});

describe("attacks on a Solana payment", () => {
  it("replayed: a settled Solana payment sent again is refused (payment_already_used), nothing charged twice", async () => {
    const payment = await solanaPayment(payer(0), SCREEN);
    const first = await paid(SCREEN, payment);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const after = await payee();
    const again = await paid(SCREEN, payment);
    expect(again.status).toBe(402);
    expect(await refusalOf(again)).toBe("payment_already_used");
    expect(await payee()).toBe(after);
  });

  it("raced ×10: one Solana payment sent ten times at once is answered once and charged once", async () => {
    const account = payer(1);
    const payment = await solanaPayment(account, SCREEN);
    const [before, paying] = [await payee(), await balanceOf(account)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        paid(SCREEN, payment).then(async (res) => {
          const error = res.status === 402 ? await refusalOf(res) : undefined;
          if (res.status !== 402) await res.arrayBuffer();
          return { status: res.status, error };
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(402);
      expect(["payment_in_use", "payment_already_used"]).toContain(refused.error);
    }
    expect(await payee()).toBe(before + 10_000n);
    expect(await balanceOf(account)).toBe(paying - 10_000n);
  });

  it("used on another route: a Solana payment made for /api/tools/report/generate is refused by /api/tools/report/pdf/generate (same price), nothing charged", async () => {
    const before = await payee();
    const init = post(REPORT);
    const payment = await solanaPayment(payer(2), "/api/tools/report/generate", init);
    const res = await paid("/api/tools/report/pdf/generate", payment, init);
    expect(res.status).toBe(402);
    expect(await refusalOf(res)).toBe("payment_resource_mismatch");
    expect(await payee()).toBe(before);
    // The same payment still buys what it was made for, once.
    const own = await paid("/api/tools/report/generate", payment, init);
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect(await payee()).toBe(before + 50_000n);
  });

  it("used on the MCP tool of the same price: a Solana payment made for the GET screening is refused by the ofac_wallet_screen tool, nothing charged", async () => {
    const before = await payee();
    const payment = await solanaPayment(payer(0), SCREEN);
    const client = await connectHttp(`${service.url}/mcp`);
    try {
      const r = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: LISTED },
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(r.isError).toBe(true);
      expect((r.structuredContent as unknown as PaymentRequired).error).toBe(
        "payment_resource_mismatch",
      );
    } finally {
      await client.close();
    }
    expect(await payee()).toBe(before);
  });

  it("an MCP tool is paid on Solana: the tool's own Solana payment settles once, before its content", async () => {
    const before = await payee();
    const client = await connectHttp(`${service.url}/mcp`);
    try {
      const unpaid = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: LISTED },
      });
      const terms = unpaid.structuredContent as unknown as PaymentRequired;
      expect(terms.accepts.map((a) => a.network)).toContain(SOLANA);
      const payment = await new x402Client()
        .register(SOLANA, new ExactSvmScheme(payer(1).signer, { rpcUrl: solana.rpcUrl }))
        .createPaymentPayload(terms);
      const r = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: LISTED },
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(r.isError).not.toBe(true);
      expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({
        success: true,
        network: SOLANA,
      });
    } finally {
      await client.close();
    }
    expect(await payee()).toBe(before + 10_000n);
  });

  it("presented after its blockhash expired: refused before anything runs, nothing charged", async () => {
    const account = payer(0);
    const payment = await solanaPayment(account, SCREEN);
    const [before, paying] = [await payee(), await balanceOf(account)];
    solana.expireBlockhash();
    const res = await paid(SCREEN, payment);
    expect(res.status).toBe(402);
    expect(await refusalOf(res)).toBeTruthy();
    expect(await payee()).toBe(before);
    expect(await balanceOf(account)).toBe(paying);
  });

  it("a Solana payment for less than the price, or to another payee, is refused in the scheme's own words before the facilitator is asked", async () => {
    const required = await challengeOf(SCREEN);
    const sol = required.accepts[1];
    if (sol === undefined) throw new Error("no Solana entry");
    const client = () =>
      new x402Client().register(
        SOLANA,
        new ExactSvmScheme(payer(1).signer, { rpcUrl: solana.rpcUrl }),
      );
    const before = await payee();
    // The payer signs a transfer of less, and claims the terms' entry as accepted.
    const cheap = await client().createPaymentPayload({
      ...required,
      accepts: [{ ...sol, amount: "1" }],
    });
    const underpaid = await paid(SCREEN, { ...cheap, accepted: sol });
    expect(underpaid.status).toBe(402);
    expect(await refusalOf(underpaid)).toBe("invalid_exact_svm_payload_amount_mismatch");
    const elsewhere = await client().createPaymentPayload({
      ...required,
      accepts: [{ ...sol, payTo: payer(2).address }],
    });
    const diverted = await paid(SCREEN, { ...elsewhere, accepted: sol });
    expect(diverted.status).toBe(402);
    expect(await refusalOf(diverted)).toBe("invalid_exact_svm_payload_recipient_mismatch");
    expect(await payee()).toBe(before);
  });
});

describe("with settlement after the answer (X402_SETTLEMENT=after-response)", () => {
  let answersFirst: RunningService;
  beforeAll(async () => {
    answersFirst = await startService(
      loadServiceConfig({
        PORT: "0",
        LOG_REQUESTS: "0",
        LEDGER_DIR: ledgerDir(),
        PAY_TO_SOLANA,
        X402_SETTLEMENT: "after-response",
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await answersFirst?.stop();
  });

  it("answered first: never — a Solana payment lives only as long as its blockhash, so it is settled before its answer, every time", async () => {
    const local = answersFirst.solanaDevnet;
    const account = local?.payers[0];
    if (local === undefined || account === undefined) throw new Error("no Solana runtime");
    const balance = async () => (await local.usdcBalanceOf(PAY_TO_SOLANA)) ?? 0n;
    const before = await balance();
    const client = new x402Client().register(
      SOLANA,
      new ExactSvmScheme(account.signer, { rpcUrl: local.rpcUrl }),
    );
    for (let i = 1; i <= 3; i++) {
      const unpaid = await fetch(`${answersFirst.url}${SCREEN}`);
      await unpaid.arrayBuffer();
      const payment = await client.createPaymentPayload(
        decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? ""),
      );
      const res = await fetch(`${answersFirst.url}${SCREEN}`, {
        headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get("X-Payment-Status")).not.toBe("pending");
      expect(res.headers.get("PAYMENT-RESPONSE")).not.toBeNull();
      // Settled when answered: the money is in the payee's account already.
      expect(await balance()).toBe(before + BigInt(i) * 10_000n);
    }
  });
});
