import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import type { Hex } from "viem";

/** Lazarus Group's listed address: a screening that matches. */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/**
 * With settlement after the answer, a wallet that never paid is not answered first: `calls` paid
 * screenings (0.01 each) from `privateKey`, each settled before the next (the first before its
 * answer, with its receipt in `PAYMENT-RESPONSE`; later ones may be answered first, and are waited
 * for until their receipt says settled), give the payer a history that lets them owe up to that
 * much answered first. Throws if the first is not settled before its answer.
 */
export async function payBeforeAnswers(
  serviceUrl: string,
  privateKey: Hex,
  calls = 1,
): Promise<void> {
  const pay = payingNetworkFetch(privateKey);
  for (let i = 0; i < calls; i++) {
    const res = await pay(`${serviceUrl}/api/ofac-wallet-screen/${LISTED}`);
    await res.arrayBuffer();
    const pending = res.headers.get("X-Payment-Status") === "pending";
    if (
      res.status !== 200 ||
      (i === 0 && (pending || res.headers.get("PAYMENT-RESPONSE") === null))
    ) {
      throw new Error(
        `call ${i + 1} of a payer's history was not settled before its answer: ${res.status} ${res.headers.get("X-Payment-Status") ?? ""}`,
      );
    }
    if (pending) await settled(serviceUrl, res.headers.get("X-Payment-Id") ?? "");
  }
}

/** Waits (at most 60 s) until the free receipt of `paymentId` says settled. */
async function settled(serviceUrl: string, paymentId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const receipt = await fetch(`${serviceUrl}/api/payments/${paymentId}`);
    const body = (await receipt.json()) as { data?: { status?: string } };
    if (body.data?.status === "settled") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`payment ${paymentId} was not settled within 60 s`);
}
