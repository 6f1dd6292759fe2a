import { connect, createServer } from "node:net";
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressDecoder,
  getBase64Encoder,
} from "@solana/kit";
import { ONE_SOL, type SolanaDevnet, startSolanaDevnet, USDC_MINT } from "@svc/solana-devnet";
import {
  type Devnet,
  type FacilitatorServer,
  serveFacilitator,
  startDevnet,
} from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig, type ServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { routedFacilitator } from "../test-support/routed-facilitator.js";
import {
  associatedTokenAccount,
  sendInstructions,
  setTokenAccountOwner,
  transferLamports,
} from "../test-support/solana-accounts.js";
import { FacilitatorUnfitError } from "./facilitator-check.js";
import { SolanaPayeeUnfitError } from "./solana-payee-check.js";
import { startService } from "./start-service.js";

/**
 * A production start with Solana payments (`PAY_TO_SOLANA`) asks the Solana RPC
 * (`SOLANA_RPC_URL`) for the payee's USDC associated token account before it listens: without
 * it every Solana payment would fail at settlement (facilitators do not create it), so the start
 * is refused, naming the payee, the account and the fix; an RPC that cannot be reached is logged
 * and the start goes on. Before that, the facilitator must list every network the service is
 * paid on, Solana's too.
 *
 * The chain is the local Solana runtime (litesvm, the real SPL Token program) behind its
 * JSON-RPC server; the facilitator is Base's (anvil) and Solana's behind one URL. A production
 * configuration refuses a loopback facilitator, so each configuration is read as development
 * and started as production: what the start does in production is what is tested.
 */
const PAID = "/api/ofac-wallet-screen/0x00000000000000000000000000000000000000aa";
const SOLANA_NETWORK = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";

let base: Devnet;
/** The payee's USDC token account exists (the devnet's default). */
let ready: SolanaDevnet;
/** The payee has no USDC token account. */
let bare: SolanaDevnet;
/** Both networks' facilitators behind one URL. */
let both: FacilitatorServer;
/** Base's facilitator alone. */
let baseOnly: FacilitatorServer;

beforeAll(async () => {
  [base, ready, bare] = await Promise.all([
    startDevnet({ payers: 0 }),
    startSolanaDevnet({ payers: 0 }),
    startSolanaDevnet({ payers: 0, createPayeeAccount: false }),
  ]);
  [both, baseOnly] = await Promise.all([
    serveFacilitator(routedFacilitator([base.facilitator, ready.facilitator])),
    serveFacilitator(base.facilitator),
  ]);
}, 60_000);
afterAll(async () => {
  await both?.close();
  await baseOnly?.close();
  await bare?.stop();
  await ready?.stop();
  await base?.stop();
});

const inProduction = (env: Record<string, string>): ServiceConfig => {
  const config = loadServiceConfig({
    PORT: "0",
    LOG_REQUESTS: "0",
    LEDGER_DIR: ledgerDir(),
    FACILITATOR_URL: both.url,
    PAY_TO: base.payTo,
    ...env,
  });
  return { ...config, payments: { ...config.payments, mode: "production" } };
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether anything accepts a connection on the loopback port. */
function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const accountInfoCalls = (devnet: SolanaDevnet) => devnet.rpcCalls().getAccountInfo ?? 0;

/**
 * Starts in production on a fixed free port with Solana paid to `payTo` (its token account
 * checked on `rpcUrl`), expects the start refused with a SolanaPayeeUnfitError, and answers its
 * message once it has checked that nothing listens on that port.
 */
async function refusedStart(payTo: string, rpcUrl: string): Promise<string> {
  const port = await closedPort();
  const start = startService(
    inProduction({ PORT: String(port), PAY_TO_SOLANA: payTo, SOLANA_RPC_URL: rpcUrl }),
  );
  await expect(start).rejects.toBeInstanceOf(SolanaPayeeUnfitError);
  const error = (await start.catch((e: unknown) => e)) as SolanaPayeeUnfitError;
  expect(error.code).toBe("SOLANA_PAYEE_UNFIT");
  expect(await listens(port)).toBe(false);
  return error.message;
}

describe("a production start with Solana checks the payee's USDC token account", () => {
  it("refuses when it does not exist, naming the payee, the account and the fix; nothing listens", async () => {
    const account = await associatedTokenAccount(bare.payTo, USDC_MINT);
    expect(await bare.usdcAccountOf(bare.payTo)).toBeNull();
    const asked = accountInfoCalls(bare);
    const message = await refusedStart(bare.payTo, bare.rpcUrl);
    // The one question went to the RPC named.
    expect(accountInfoCalls(bare)).toBe(asked + 1);
    expect(message).toBe(
      `the payee ${bare.payTo}'s USDC token account ${account} on ${SOLANA_NETWORK} does not exist: create it (for one, \`spl-token create-account ${USDC_MINT} --owner ${bare.payTo}\`, or send the payee any USDC from a wallet that creates it): facilitators do not create it`,
    );
  });

  it("starts when it exists, and offers Solana to the payee", async () => {
    // The account the check looks for is the one the devnet created for the payee.
    expect(await associatedTokenAccount(ready.payTo, USDC_MINT)).toBe(
      await ready.usdcAccountOf(ready.payTo),
    );
    const asked = accountInfoCalls(ready);
    const service = await startService(
      inProduction({ PAY_TO_SOLANA: ready.payTo, SOLANA_RPC_URL: ready.rpcUrl }),
      { log: memoryLog([]) },
    );
    try {
      expect(accountInfoCalls(ready)).toBe(asked + 1);
      const unpaid = await fetch(`${service.url}${PAID}`);
      expect(unpaid.status).toBe(402);
      const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
      expect(required.accepts.map((a) => [a.network, a.payTo])).toEqual([
        [base.network, base.payTo],
        [SOLANA_NETWORK, ready.payTo],
      ]);
    } finally {
      await service.stop();
    }
  });

  it("starts when the RPC cannot be reached, and logs a warning naming the RPC and the account", async () => {
    const lines: Record<string, unknown>[] = [];
    const rpc = `http://127.0.0.1:${await closedPort()}`;
    const began = Date.now();
    const service = await startService(
      inProduction({ PAY_TO_SOLANA: bare.payTo, SOLANA_RPC_URL: rpc }),
      { log: memoryLog(lines) },
    );
    try {
      expect(Date.now() - began).toBeLessThan(10_000);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "warn",
          rpc,
          account: await associatedTokenAccount(bare.payTo, USDC_MINT),
          reason: expect.stringMatching(/fetch failed|ECONNREFUSED/),
          msg: expect.stringContaining(
            "could not be checked at start-up: starting anyway; Solana payments fail at settlement if it does not exist",
          ),
        }),
      );
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  });

  it("refuses when the account at the payee's address now belongs to another owner (SPL Token SetAuthority)", async () => {
    const devnet = await startSolanaDevnet({ payers: 0 });
    try {
      const payee = devnet.payee;
      if (payee === undefined) throw new Error("the devnet made no payee");
      const account = await associatedTokenAccount(payee.address, USDC_MINT);
      const stranger = (await generateKeyPairSigner()).address;
      await sendInstructions(devnet.rpcUrl, devnet.feePayer.signer, [
        setTokenAccountOwner(account, payee.signer, stranger),
      ]);
      // Still at the payee's address, still a USDC token account: only its owner changed.
      const { value } = await createSolanaRpc(devnet.rpcUrl)
        .getAccountInfo(account, { encoding: "base64" })
        .send();
      const data = getBase64Encoder().encode(value?.data[0] ?? "");
      expect(value?.owner).toBe("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
      expect(getAddressDecoder().decode(data.subarray(0, 32))).toBe(USDC_MINT);
      expect(getAddressDecoder().decode(data.subarray(32, 64))).toBe(stranger);
      const message = await refusedStart(payee.address, devnet.rpcUrl);
      expect(message).toBe(
        `the payee ${payee.address}'s USDC token account ${account} on ${SOLANA_NETWORK} is not a USDC token account of the payee (program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA, mint ${USDC_MINT}, owner ${stranger}): create it (for one, \`spl-token create-account ${USDC_MINT} --owner ${payee.address}\`, or send the payee any USDC from a wallet that creates it): facilitators do not create it`,
      );
    } finally {
      await devnet.stop();
    }
  });

  it("refuses when the account at the payee's address is no token account (SOL sent there)", async () => {
    const devnet = await startSolanaDevnet({ payers: 0, createPayeeAccount: false });
    try {
      const account = await associatedTokenAccount(devnet.payTo, USDC_MINT);
      await sendInstructions(devnet.rpcUrl, devnet.feePayer.signer, [
        transferLamports(devnet.feePayer.signer, account, ONE_SOL / 100n),
      ]);
      const message = await refusedStart(devnet.payTo, devnet.rpcUrl);
      expect(message).toContain(
        `the payee ${devnet.payTo}'s USDC token account ${account} on ${SOLANA_NETWORK} is not a USDC token account of the payee (program 11111111111111111111111111111111, mint undefined, owner undefined)`,
      );
    } finally {
      await devnet.stop();
    }
  });
});

describe("a production start with Solana checks the facilitator on every network it is paid on", () => {
  it("refuses a facilitator that lists Base only, naming the Solana network in each version; nothing listens", async () => {
    const port = await closedPort();
    const asked = accountInfoCalls(ready);
    const start = startService(
      inProduction({
        PORT: String(port),
        FACILITATOR_URL: baseOnly.url,
        PAY_TO_SOLANA: ready.payTo,
        SOLANA_RPC_URL: ready.rpcUrl,
      }),
    );
    await expect(start).rejects.toBeInstanceOf(FacilitatorUnfitError);
    await expect(start).rejects.toThrow(
      new RegExp(
        `^the facilitator at ${baseOnly.url} cannot settle what this service takes: the facilitator does not support x402 v1 "exact" on solana \\(it lists v2 exact eip155:8453, v1 exact base\\); the facilitator does not support x402 v2 "exact" on ${SOLANA_NETWORK} \\(`,
      ),
    );
    expect(await listens(port)).toBe(false);
    // Refused before the payee was looked at.
    expect(accountInfoCalls(ready)).toBe(asked);
  });

  it("starts with the same facilitator when the service offers no Solana", async () => {
    const service = await startService(inProduction({ FACILITATOR_URL: baseOnly.url }), {
      log: memoryLog([]),
    });
    try {
      const unpaid = await fetch(`${service.url}${PAID}`);
      const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
      expect(required.accepts.map((a) => a.network)).toEqual([base.network]);
    } finally {
      await service.stop();
    }
  });
});
