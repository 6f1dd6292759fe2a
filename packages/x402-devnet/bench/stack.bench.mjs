#!/usr/bin/env node

// stack.bench.mjs: how fast the x402 devnet comes up, and how fast a payment settles on it.
//
// Usage (from packages/x402-devnet, after `pnpm build`; `pnpm bench` runs exactly this):
//   node bench/stack.bench.mjs [--runs N] [--json]
//
// Sections (each a median over N runs, default 5, after one unmeasured warm-up run):
//   1. startAnvil alone: spawn → "Listening on" → eth_chainId answers.
//   2. startDevnet: anvil + SignatureChecker + FiatTokenV2_2 at the USDC address + 8 setup
//      transactions + Multicall3 stand-in + 3 funded payers + in-process facilitator + HTTP
//      facilitator. Target: < 1 s.
//   3. stop(): until anvil has exited and the HTTP server is closed.
//   4. One payment (sign with x402Client → verify → settle → mined), in-process and over HTTP,
//      20 payments each on one stack.
//   5. Cold start of the CLI: a fresh `node dist/cli/main.js` until its JSON line (Node start-up
//      and module loading included).
//
// Speed is measured, never asserted; the exit code is 0 unless something crashed.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { payerOf } from "@svc/test-support/x402-payer";
import { HTTPFacilitatorClient } from "@x402/core/server";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, json: { type: "boolean", default: false } },
});
const RUNS = Number(values.runs);
const { startAnvil, startDevnet, USDC } = await import(
  new URL("../dist/index.js", import.meta.url)
);
const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x) => `${x.toFixed(0)} ms`;
const log = (line) => process.stderr.write(`${line}\n`);

async function time(fn) {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

const results = {};

// 1 + 3 (anvil)
{
  await (await startAnvil()).stop();
  const start = [];
  for (let i = 0; i < RUNS; i++) {
    const [t, anvil] = await time(() => startAnvil());
    start.push(t);
    await anvil.stop();
  }
  results.startAnvil = { medianMs: median(start), runsMs: start };
  log(`startAnvil           median ${ms(median(start))}`);
}

// 2 + 3 (devnet)
{
  await (await startDevnet({ httpFacilitator: true })).stop();
  const start = [];
  const stop = [];
  for (let i = 0; i < RUNS; i++) {
    const [t, devnet] = await time(() => startDevnet({ httpFacilitator: true }));
    start.push(t);
    const [s] = await time(() => devnet.stop());
    stop.push(s);
  }
  results.startDevnet = { medianMs: median(start), runsMs: start, targetMs: 1000 };
  results.stopDevnet = { medianMs: median(stop), runsMs: stop };
  log(`startDevnet          median ${ms(median(start))} (target < 1000 ms)`);
  log(`devnet.stop()        median ${ms(median(stop))}`);
}

// 4 (payments)
{
  const devnet = await startDevnet({ httpFacilitator: true, payers: 2 });
  try {
    const requirements = {
      scheme: "exact",
      network: devnet.network,
      amount: "10000",
      asset: USDC.address,
      payTo: devnet.payTo,
      maxTimeoutSeconds: 60,
      extra: { name: USDC.name, version: USDC.version },
    };
    const http = new HTTPFacilitatorClient({ url: devnet.facilitatorUrl });
    for (const [name, facilitator, payer] of [
      ["in-process", devnet.facilitator, devnet.payers[0]],
      ["HTTP", http, devnet.payers[1]],
    ]) {
      const client = payerOf(payer.privateKey, devnet.network);
      const samples = [];
      for (let i = 0; i < 21; i++) {
        const [t] = await time(async () => {
          const payload = await client.createPaymentPayload({
            x402Version: 2,
            resource: { url: "http://localhost/bench" },
            accepts: [requirements],
          });
          const verified = await facilitator.verify(payload, requirements);
          if (!verified.isValid) throw new Error(`verify: ${verified.invalidReason}`);
          const settled = await facilitator.settle(payload, requirements);
          if (!settled.success) throw new Error(`settle: ${settled.errorReason}`);
        });
        if (i > 0) samples.push(t);
      }
      results[`payment ${name}`] = {
        p50Ms: median(samples),
        p90Ms: pct(samples, 0.9),
        n: samples.length,
      };
      log(
        `payment ${name.padEnd(12)} p50 ${ms(median(samples))}, p90 ${ms(pct(samples, 0.9))} (sign + verify + settle + mined, n=${samples.length})`,
      );
    }
  } finally {
    await devnet.stop();
  }
}

// 5 (cold CLI)
{
  const cold = [];
  for (let i = 0; i < RUNS; i++) {
    const [t, child] = await time(
      () =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, [CLI], { stdio: ["ignore", "pipe", "ignore"] });
          child.stdout.once("data", () => resolve(child));
          child.once("exit", (code) => reject(new Error(`CLI exited (${code})`)));
        }),
    );
    cold.push(t);
    await new Promise((resolve) => {
      child.removeAllListeners("exit");
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  }
  results.cliColdStart = { medianMs: median(cold), runsMs: cold };
  log(`CLI cold start       median ${ms(median(cold))} (node start-up + imports + stack)`);
}

if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`);
