// A payer's settled history on a service, for benches that measure calls answered before they
// settle (`X402_SETTLEMENT=after-response`): a wallet is answered first only while what it would
// owe is covered by what it has paid, settled, before, so a fresh payer's calls settle before
// their answers. Untimed set-up, done before a bench reads balances or starts its clock.
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";

const SCREEN_PATH = "/api/ofac-wallet-screen/0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
/** Paid screenings sent at once (each settles in its own transaction). */
const BATCH = 10;
/** How long the history's payments answered first may take to settle. */
const SETTLED_WITHIN_MS = 120_000;

/**
 * Pays `payer`'s screenings on the service at `url`, `{ screenings }` of them or as many as are
 * worth at least `{ amount }` (USDC base units, 6 decimals), in batches, and waits until every one
 * is settled (those answered first once some history exists included). Resolves to the number of
 * screenings paid.
 */
export async function payHistory(url, payer, worth) {
  const challenge = await fetch(`${url}${SCREEN_PATH}`);
  await challenge.arrayBuffer();
  if (challenge.status !== 402)
    throw new Error(`history: unpaid call ${challenge.status}, not 402`);
  const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED"));
  const price = BigInt(required.accepts[0].amount);
  const calls =
    "screenings" in worth ? worth.screenings : Number((BigInt(worth.amount) + price - 1n) / price);
  const pending = [];
  for (let done = 0; done < calls; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, calls - done) }, async () => {
      const payload = await payer.createPaymentPayload(required);
      const res = await fetch(`${url}${SCREEN_PATH}`, {
        headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payload) },
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`history call: ${res.status} ${body.slice(0, 300)}`);
      if (res.headers.get("X-Payment-Status") === "pending") {
        pending.push(res.headers.get("X-Payment-Id"));
      }
    });
    await Promise.all(batch);
  }
  const deadline = Date.now() + SETTLED_WITHIN_MS;
  for (const id of pending) {
    for (;;) {
      const receipt = await (await fetch(`${url}/api/payments/${id}`)).json();
      if (receipt.data?.status === "settled") break;
      if (Date.now() > deadline) {
        throw new Error(`history payment ${id} not settled within ${SETTLED_WITHIN_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return calls;
}
