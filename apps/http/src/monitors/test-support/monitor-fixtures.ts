import { copyFile, rename } from "node:fs/promises";
import type { PaymentLedger } from "@svc/ledger";

type MonitorInput = Parameters<ReturnType<PaymentLedger["monitorBook"]>["create"]>[0];

/** The payer a test's monitors are paid by, unless a test names one. */
const TEST_PAYER = "0x00000000000000000000000000000000000000a1";

/**
 * A monitor as the tests make it directly in the book: paid by `payer` on Base (its
 * events' attestations bound to that authorization), for 30 days from `createdAt` (now), on a
 * placeholder edition, watching no address, unless the test says otherwise.
 */
export function testMonitor({
  payer = TEST_PAYER,
  ...fields
}: Pick<MonitorInput, "id" | "webhookUrl" | "secret"> &
  Partial<MonitorInput> & {
    /** The paying wallet (lower-case hex), `TEST_PAYER` unless given. */
    readonly payer?: string;
  }): MonitorInput {
  const createdAt = fields.createdAt ?? new Date();
  return {
    owner: `eip155:8453:${payer}`,
    payment: {
      network: "eip155:8453",
      asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      payer,
      nonce: `0x${"ab".repeat(32)}`,
    },
    paidUntil: new Date(createdAt.getTime() + 30 * 86_400_000),
    edition: { datasetDate: "2025-03-21", datasetSha256: "a".repeat(64) },
    addresses: [],
    ...fields,
    createdAt,
  };
}

/** Polls `probe` every 100 ms until it answers something, or fails after `ms`. */
export async function until<T>(
  what: string,
  ms: number,
  probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Publishes an edition at `to` as a publisher would: whole, never half-written. */
export async function publishEdition(from: string, to: string): Promise<void> {
  await copyFile(from, `${to}.partial`);
  await rename(`${to}.partial`, to);
}

/** The edition (SHA-256) a running service's free list status names, or undefined while none. */
export async function servedSha(serviceUrl: string): Promise<string | undefined> {
  const answer = (await (await fetch(`${serviceUrl}/api/list`)).json()) as {
    data?: { sourceFreshness?: { datasetSha256?: string } };
  };
  return answer.data?.sourceFreshness?.datasetSha256;
}
