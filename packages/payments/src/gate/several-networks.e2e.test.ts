import { type SolanaDevnet, startSolanaDevnet } from "@svc/solana-devnet";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { SOLANA_NETWORK } from "../schemes/exact-svm/usdc-on-solana.js";
import { createPaymentServer } from "../server/payment-server.js";
import { type PaidResource, termsOn } from "../terms/paid-resource.js";
import { PaymentGate } from "./payment-gate.js";

/**
 * A gate paid on Base and on Solana, each through its own local facilitator (the resource
 * server asks each network of the facilitator that lists it): one `accepts` entry per network,
 * at the same price, v1 terms for both; a resource whose budget does not fit a Solana
 * payment's life (its blockhash's) is offered on Base only.
 */
let base: Devnet;
let solana: SolanaDevnet;
beforeAll(async () => {
  [base, solana] = await Promise.all([
    startDevnet({ payers: 0 }),
    startSolanaDevnet({ payers: 0 }),
  ]);
}, 60_000);
afterAll(async () => {
  await solana?.stop();
  await base?.stop();
});

const resource = (deadlineMs: number): PaidResource => ({
  price: "0.05",
  description: "a report",
  url: "https://svc.test/api/report",
  mimeType: "application/json",
  deadlineMs,
});

const gateOf = (deadlineMs: number) =>
  new PaymentGate(
    createPaymentServer([base.facilitator, solana.facilitator]),
    resource(deadlineMs),
    [baseTerms(base.payTo), termsOn(SOLANA_NETWORK, solana.payTo)],
  );

describe("a gate paid on several networks", () => {
  it("offers one entry per network at the same price, Base first; Solana's names the facilitator's fee payer", async () => {
    const accepts = await gateOf(10_000).requirements();
    expect(accepts.map((a) => [a.network, a.amount, a.payTo])).toEqual([
      ["eip155:8453", "50000", base.payTo],
      [SOLANA_NETWORK, "50000", solana.payTo],
    ]);
    expect(accepts[1]?.extra).toEqual({ feePayer: solana.feePayer.address });
  });

  it("states both entries in x402 v1's words, each network by its v1 name", async () => {
    const gate = gateOf(10_000);
    const v1 = gate.v1PaymentRequired(await gate.paymentRequired());
    expect(v1?.accepts.map((a) => a.network)).toEqual(["base", "solana"]);
  });

  it("offers a resource whose budget and settlement margin outlast the advertised timeout on Base only (a Solana payment dies with its blockhash)", async () => {
    const accepts = await gateOf(55_000).requirements();
    expect(accepts.map((a) => a.network)).toEqual(["eip155:8453"]);
  });
});
