#!/usr/bin/env node
import type { Devnet } from "../devnet/start-devnet.js";
import { parseCliOptions, USAGE, UsageError } from "./parse-cli-options.js";

const DEVNET_KEY_WARNING =
  "PUBLIC anvil devnet key (default mnemonic): for this local devnet only, never on a real network";

/** What the CLI prints once the stack is up: everything a demo or another process needs. */
function describe(devnet: Devnet, startupMs: number) {
  const demo = devnet.payers[0]!;
  return {
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.chainId,
    network: devnet.network,
    v1Network: devnet.v1Network,
    facilitatorUrl: devnet.facilitatorUrl,
    usdc: devnet.usdc.address,
    usdcName: devnet.usdc.name,
    payTo: devnet.payTo,
    blockTimeSeconds: devnet.blockTimeSeconds ?? null,
    facilitatorSigner: devnet.facilitator.signer,
    demoPayer: { address: demo.address, privateKey: demo.privateKey, warning: DEVNET_KEY_WARNING },
    payers: devnet.payers.map((p) => p.address),
    startupMs,
  };
}

async function main(argv: string[]): Promise<number> {
  const options = parseCliOptions(argv);
  if (options === null) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Listen before starting, so a Ctrl-C during start-up still stops what was started. `on`, not
  // `once`: while this listener is registered, the anvil reaper leaves the exit to us (see
  // child-reaper.ts) instead of re-raising the signal before the graceful stop below.
  let stopRequested: (() => void) | undefined;
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  const onSignal = () => stopRequested?.();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const started = performance.now();
  // Imported here so that --help and usage errors answer without loading viem and x402.
  const { startDevnet } = await import("../devnet/start-devnet.js");
  const devnet = await startDevnet(options);
  const startupMs = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify(describe(devnet, startupMs))}\n`);
  process.stderr.write(
    `x402-devnet: up in ${startupMs} ms; facilitator ${devnet.facilitatorUrl}, rpc ${devnet.rpcUrl}. Ctrl-C to stop.\n`,
  );
  await stopped;
  await devnet.stop();
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  process.stderr.write("x402-devnet: stopped\n");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") === true;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`x402-devnet: ${message}${usage ? "\n(run x402-devnet --help)" : ""}\n`);
    process.exitCode = usage ? 2 : 1;
  },
);
