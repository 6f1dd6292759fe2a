#!/usr/bin/env node
// metrics.bench.mjs: what /metrics costs a paid call. Two services in processes of their own, in
// the same run, each paying through its own in-process devnet (a block per transaction, settled
// before the answer): one with METRICS_PORT (every request counted, the payment's outcome too),
// one without. Paid screening calls, signed ahead so only the request is timed, alternate
// between the two in rounds; p50/p90 per side and the ratio are printed.
//
//   node bench/metrics.bench.mjs [--rounds N] [--calls N]   (after `pnpm build`)
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { cleanUp, startService } from "./bench-processes.mjs";
import { quantile } from "./service-process.mjs";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN_PATH = `/api/ofac-wallet-screen/${LISTED}`;
const numberArg = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = numberArg("--rounds", 6);
const CALLS = numberArg("--calls", 20);
const WARM_UP = 10;

async function side(name, env) {
  const { url } = await startService(name, env);
  const info = await (await fetch(`${url}/dev/devnet.json`)).json();
  const payer = payerOf(info.payers[0].privateKey);
  const challenge = await fetch(`${url}${SCREEN_PATH}`);
  await challenge.arrayBuffer();
  const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED"));
  const times = [];
  const call = async (timed) => {
    const header = encodePaymentSignatureHeader(await payer.createPaymentPayload(required));
    const start = performance.now();
    const res = await fetch(`${url}${SCREEN_PATH}`, { headers: { "PAYMENT-SIGNATURE": header } });
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${name}: paid call ${res.status}`);
    if (timed) times.push(ms);
  };
  return { name, url, times, call };
}

try {
  const on = await side("metrics-on", { METRICS_PORT: "0" });
  const off = await side("metrics-off", {});
  for (const s of [on, off]) for (let i = 0; i < WARM_UP; i++) await s.call(false);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first, so drift in the machine's load falls on both.
    const order = round % 2 === 0 ? [on, off] : [off, on];
    for (const s of order) for (let i = 0; i < CALLS; i++) await s.call(true);
  }
  const stats = (s) => {
    const sorted = [...s.times].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), n: sorted.length };
  };
  const a = stats(on);
  const b = stats(off);
  console.log(`paid screening call, settled before the answer (${a.n} calls per side)`);
  console.log(`  metrics on : p50 ${a.p50.toFixed(2)} ms, p90 ${a.p90.toFixed(2)} ms`);
  console.log(`  metrics off: p50 ${b.p50.toFixed(2)} ms, p90 ${b.p90.toFixed(2)} ms`);
  console.log(`  p50 on/off: ${((a.p50 / b.p50 - 1) * 100).toFixed(1)} %`);
} finally {
  await cleanUp();
}
