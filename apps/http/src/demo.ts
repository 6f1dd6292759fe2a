#!/usr/bin/env node
import { recipientOf, SOLANA_NETWORK, termsOn } from "@svc/payments";
import { x402Client } from "@x402/core/client";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { createPublicClient, erc20Abi, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadServiceConfig } from "./config/service-config.js";
import { DEVNET_INFO_PATH } from "./dev/devnet-info.js";
import { readTokenAccount } from "./service/solana-token-account.js";
import { type RunningService, startService } from "./service/start-service.js";

// `pnpm demo`: one paid screening call as an agent makes it, on the local settlement stack.
// Uses the service on PORT if one is running in development; else starts one in this process.
// `pnpm demo --solana` pays in USDC on Solana instead of Base (the service must offer it: one it
// starts does; a running one needs PAY_TO_SOLANA).
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96"; // Lazarus Group (ETH)

interface DevnetInfo {
  rpcUrl: string;
  /** The network the devnet stands in for (X402_NETWORK), which the payer pays on. */
  network: `${string}:${string}`;
  usdc: Hex;
  payTo: Hex;
  payers: { address: Hex; privateKey: Hex }[];
  /** The local Solana runtime, when the service offers Solana payments (PAY_TO_SOLANA). */
  solana: SolanaInfo | null;
}

interface SolanaInfo {
  rpcUrl: string;
  network: `${string}:${string}`;
  usdcMint: string;
  payTo: string;
  payers: { address: string; secretKey: string }[];
}

/** How the demo pays: the paying fetch, who pays whom, and their USDC balances. */
interface Rail {
  readonly payingFetch: typeof fetch;
  readonly payer: string;
  readonly payTo: string;
  balance(address: string): Promise<bigint>;
}

const onSolana = process.argv.includes("--solana");

async function runningService(url: string): Promise<DevnetInfo | undefined> {
  try {
    const res = await fetch(`${url}${DEVNET_INFO_PATH}`, { signal: AbortSignal.timeout(1000) });
    return res.ok ? ((await res.json()) as DevnetInfo) : undefined;
  } catch {
    return undefined;
  }
}

const config = loadServiceConfig(process.env);
let base = `http://127.0.0.1:${config.port}`;
let info = await runningService(base);
let started: RunningService | undefined;
if (info === undefined) {
  // The local stack is a development dependency: without it (a production install), one line.
  started = await startService({
    ...config,
    port: 0,
    payments: {
      ...config.payments,
      mode: "development",
      facilitator: { kind: "devnet" },
      solana: onSolana ? await demoSolanaTerms() : config.payments.solana,
    },
  }).catch((error: unknown) => {
    console.error(`svc demo: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  base = started.url;
  info = (await runningService(base)) as DevnetInfo;
  console.log(`started the local stack and the service at ${base}`);
} else {
  console.log(`using the service already running at ${base}`);
}

const usdc = (atomic: bigint) => `${(Number(atomic) / 1e6).toFixed(6)} USDC`;

const rail = onSolana ? await solanaRail(info.solana) : baseRail(info);
const { payingFetch, payer, balance } = rail;
const before = { payer: await balance(payer), payee: await balance(rail.payTo) };
/** Whether the service settles after the answer (its `/ready` then says how it answers). */
async function settlesAfterAnswer(): Promise<boolean> {
  const ready = (await (await fetch(`${base}/ready`)).json()) as { settlement?: unknown };
  return ready.settlement !== undefined;
}
let res = await payingFetch(`${base}/api/ofac-wallet-screen/${LISTED}`);
if (res.headers.get("X-Payment-Status") !== "pending" && (await settlesAfterAnswer())) {
  // A wallet that never paid is not answered before its payment settles: this one now has.
  console.log(
    "\nthe payer's first call was settled before its answer (a wallet that never paid is not answered first); calling again",
  );
  await res.arrayBuffer();
  res = await payingFetch(`${base}/api/ofac-wallet-screen/${LISTED}`);
}
const body = (await res.json()) as {
  data?: {
    summary?: unknown;
    matches?: { entityName: string; programs: string[]; listedOn: string }[];
  };
};
/**
 * The receipt: with the answer (settled before it), or, when the service settles after the answer
 * (`X402_SETTLEMENT=after-response`: `X-Payment-Status: pending`), from the free receipt endpoint
 * once the background settlement is done.
 */
async function receiptOf(answer: Response): Promise<string | null> {
  const paymentId = answer.headers.get("X-Payment-Id");
  if (answer.headers.get("X-Payment-Status") !== "pending" || paymentId === null) {
    return answer.headers.get("PAYMENT-RESPONSE");
  }
  console.log(`\npayment ${paymentId} pending: the answer came first; waiting for its settlement`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const receipt = await fetch(`${base}/api/payments/${paymentId}`);
    const header = receipt.headers.get("PAYMENT-RESPONSE");
    if (header !== null) return header;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}
const receiptHeader = await receiptOf(res);
const after = { payer: await balance(payer), payee: await balance(rail.payTo) };

console.log(`\nGET /api/ofac-wallet-screen/${LISTED} → ${res.status}`);
console.log(
  JSON.stringify(
    {
      summary: body.data?.summary,
      matches: body.data?.matches?.map((m) => ({
        entityName: m.entityName,
        programs: m.programs,
        listedOn: m.listedOn,
      })),
    },
    null,
    2,
  ),
);
if (receiptHeader !== null) {
  const receipt = decodePaymentResponseHeader(receiptHeader);
  console.log(`\nPAYMENT-RESPONSE: ${JSON.stringify(receipt)}`);
  console.log(`transaction: ${receipt.transaction}`);
}
console.log(`\npayer ${payer}: ${usdc(before.payer)} → ${usdc(after.payer)}`);
console.log(`payee ${rail.payTo}: ${usdc(before.payee)} → ${usdc(after.payee)}`);
await started?.stop();
process.exit(res.status === 200 && receiptHeader !== null ? 0 : 1);

/** Paying on the EVM devnet (Base): an EIP-3009 authorization signed with x402's EVM client. */
function baseRail(devnet: DevnetInfo): Rail {
  const chain = createPublicClient({ transport: http(devnet.rpcUrl) });
  const payer = devnet.payers[0] as DevnetInfo["payers"][number];
  const client = new x402Client().register(
    devnet.network,
    new ExactEvmScheme(privateKeyToAccount(payer.privateKey)),
  );
  return {
    payingFetch: wrapFetchWithPayment(fetch, client),
    payer: payer.address,
    payTo: devnet.payTo,
    balance: (address) =>
      chain.readContract({
        address: devnet.usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address as Hex],
      }),
  };
}

/**
 * Paying on the local Solana runtime: a USDC transfer signed with x402's Solana client (the
 * facilitator adds the fee payer's signature). Its modules are development dependencies, loaded
 * only here.
 */
async function solanaRail(solana: SolanaInfo | null): Promise<Rail> {
  if (solana === null) {
    console.error(
      "svc demo: the running service offers no Solana payments; start it with PAY_TO_SOLANA=<a Solana address>",
    );
    process.exit(1);
  }
  const [{ createKeyPairSignerFromBytes, getBase58Encoder }, { ExactSvmScheme }] =
    await Promise.all([import("@solana/kit"), import("@x402/svm/exact/client")]);
  const payer = solana.payers[0] as SolanaInfo["payers"][number];
  const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(payer.secretKey));
  const client = new x402Client().register(
    solana.network,
    new ExactSvmScheme(signer, { rpcUrl: solana.rpcUrl }),
  );
  return {
    payingFetch: wrapFetchWithPayment(fetch, client),
    payer: payer.address,
    payTo: solana.payTo,
    balance: (owner) => solanaUsdcBalance(solana, owner),
  };
}

/** An owner's USDC on the local runtime (its associated token account's; 0 without one). */
async function solanaUsdcBalance(solana: SolanaInfo, owner: string): Promise<bigint> {
  const account = await readTokenAccount(solana.rpcUrl, await solanaTokenAccount(solana, owner));
  return account?.amount ?? 0n;
}

/** The owner's associated USDC token account on the local runtime. */
async function solanaTokenAccount(solana: SolanaInfo, owner: string): Promise<string> {
  return recipientOf({ ...termsOn(solana.network, owner), asset: solana.usdcMint });
}

/** The demo's own service offers Solana to PAY_TO_SOLANA, or to a fresh address of its own. */
async function demoSolanaTerms() {
  if (config.payments.solana !== undefined) return config.payments.solana;
  const { generateKeyPairSigner } = await import("@solana/kit");
  return {
    payTo: (await generateKeyPairSigner()).address,
    network: SOLANA_NETWORK,
    rpcUrl: undefined,
  };
}
