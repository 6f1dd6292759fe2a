import type { Address, Hex } from "viem";
import { jsonRpc } from "./json-rpc.js";

/**
 * A gas limit for every setup transaction, so that anvil never estimates gas. Estimation runs
 * against the state at send time; with several transactions in flight, `initializeV2` would be
 * estimated before `initialize` is mined and fail. 3M covers the largest setup step (the library
 * deployment, ~0.4M) with room to spare; unused gas is refunded.
 */
const SETUP_GAS = `0x${(3_000_000).toString(16)}`;

interface RawReceipt {
  status: Hex;
  contractAddress: Address | null;
}

/**
 * Setup transactions from one of anvil's unlocked accounts, sent back to back with
 * `eth_sendTransaction` (anvil signs: no estimation, no local signing, one round trip each) and
 * confirmed together by `confirmAll`. Each step is named, so a failure says which one it was.
 */
export class SetupBatch {
  private readonly sent: { step: string; hash: Hex }[] = [];

  constructor(
    private readonly rpcUrl: string,
    private readonly from: Address,
  ) {}

  /** Queues a call (`to` set) or a contract creation (`to` omitted). */
  async send(step: string, tx: { to?: Address; data: Hex }): Promise<void> {
    const hash = await jsonRpc<Hex>(this.rpcUrl, "eth_sendTransaction", [
      { from: this.from, ...tx, gas: SETUP_GAS },
    ]);
    this.sent.push({ step, hash });
  }

  /** Waits for every queued transaction; throws if one reverted. Returns receipts by step. */
  async confirmAll(): Promise<Map<string, RawReceipt>> {
    const entries = await Promise.all(
      this.sent.map(async ({ step, hash }) => {
        const receipt = await this.receipt(hash);
        if (receipt.status !== "0x1") throw new Error(`devnet setup step "${step}" reverted`);
        return [step, receipt] as const;
      }),
    );
    this.sent.length = 0;
    return new Map(entries);
  }

  /** anvil mines on arrival, so the receipt is normally there on the first ask. */
  private async receipt(hash: Hex): Promise<RawReceipt> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const receipt = await jsonRpc<RawReceipt | null>(this.rpcUrl, "eth_getTransactionReceipt", [
        hash,
      ]);
      if (receipt !== null) return receipt;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`no receipt for setup transaction ${hash} after 10 s`);
  }
}
