import type { PaymentPayload } from "@x402/core/types";
import { type Hex, parseEventLogs } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import {
  flipLastHexDigit,
  signPayment,
  tamper,
  usdcRequirements,
} from "../test-support/payments.js";
import { fiatTokenAbi, USDC_ADDRESS } from "../usdc/usdc-token.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 4 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("a real x402 payment through the in-process facilitator", () => {
  let payload: PaymentPayload;
  const requirements = () => usdcRequirements(devnet.payTo);

  it("verifies and settles on chain: balances move by exactly 10000, the tx is mined", async () => {
    const payer = devnet.payers[0]!;
    payload = await signPayment(payer.privateKey, requirements());
    const payerBefore = await devnet.balanceOf(payer.address);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    const verified = await devnet.facilitator.verify(payload, requirements());
    expect(verified).toMatchObject({ isValid: true, payer: payer.address });

    const settled = await devnet.facilitator.settle(payload, requirements());
    expect(settled).toMatchObject({
      success: true,
      payer: payer.address,
      network: "eip155:8453",
    });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    const receipt = await devnet.publicClient.getTransactionReceipt({
      hash: settled.transaction as Hex,
    });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(devnet.facilitator.signer.toLowerCase());
    const transfers = parseEventLogs({
      abi: fiatTokenAbi,
      logs: receipt.logs,
      eventName: "Transfer",
    });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.address.toLowerCase()).toBe(USDC_ADDRESS.toLowerCase());
    expect(transfers[0]!.args).toEqual({ from: payer.address, to: devnet.payTo, value: 10_000n });

    expect(await devnet.balanceOf(payer.address)).toBe(payerBefore - 10_000n);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("rejects a replay of the settled payload with invalid_exact_evm_nonce_already_used", async () => {
    const verified = await devnet.facilitator.verify(payload, requirements());
    expect(verified).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
    const balance = await devnet.balanceOf(devnet.payTo);
    const settled = await devnet.facilitator.settle(payload, requirements());
    expect(settled.success).toBe(false);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(balance);
  });

  it("rejects a tampered signature", async () => {
    const fresh = await signPayment(devnet.payers[1]!.privateKey, requirements());
    const forged = tamper(fresh, (p) => {
      p.signature = flipLastHexDigit(p.signature);
    });
    const verified = await devnet.facilitator.verify(forged, requirements());
    expect(verified).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_signature",
    });
    // The untouched payload is still good: the rejection was about the tampering.
    expect((await devnet.facilitator.verify(fresh, requirements())).isValid).toBe(true);
  });

  it("rejects a tampered amount, whether in the authorization or in the requirements", async () => {
    const fresh = await signPayment(devnet.payers[1]!.privateKey, requirements());
    const raised = tamper(fresh, (p) => {
      p.authorization.value = "20000";
    });
    const raisedBoth = usdcRequirements(devnet.payTo, "20000");
    const verified = await devnet.facilitator.verify(
      { ...raised, accepted: raisedBoth },
      raisedBoth,
    );
    expect(verified).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_signature",
    });

    const mismatch = await devnet.facilitator.verify(
      fresh,
      usdcRequirements(devnet.payTo, "20000"),
    );
    expect(mismatch).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_authorization_value_mismatch",
    });
  });

  it("rejects a payment to someone other than payTo", async () => {
    const fresh = await signPayment(devnet.payers[1]!.privateKey, requirements());
    const other = usdcRequirements(devnet.payers[2]!.address);
    const verified = await devnet.facilitator.verify({ ...fresh, accepted: other }, other);
    expect(verified).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_recipient_mismatch",
    });
  });

  it("explains an unfunded payer with invalid_exact_evm_insufficient_balance (via Multicall3)", async () => {
    const broke = generatePrivateKey();
    const fresh = await signPayment(broke, requirements());
    const verified = await devnet.facilitator.verify(fresh, requirements());
    expect(verified).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_insufficient_balance",
      payer: privateKeyToAccount(broke).address,
    });
  });

  it("settles concurrent payments from different payers (facilitator nonces do not collide)", async () => {
    const payers = devnet.payers.slice(1, 4);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    const payloads = await Promise.all(
      payers.map((p) => signPayment(p.privateKey, requirements())),
    );
    const results = await Promise.all(
      payloads.map((p) => devnet.facilitator.settle(p, requirements())),
    );
    expect(results.map((r) => r.success)).toEqual([true, true, true]);
    expect(new Set(results.map((r) => r.transaction)).size).toBe(3);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 30_000n);
  });

  it("lists exact on eip155:8453 with the facilitator signer", async () => {
    const supported = await devnet.facilitator.getSupported();
    expect(supported.kinds).toContainEqual({
      x402Version: 2,
      scheme: "exact",
      network: "eip155:8453",
    });
    expect(Object.values(supported.signers).flat()).toContain(devnet.facilitator.signer);
  });
});
