#!/usr/bin/env node
// remote-proxy.bench.mjs: what `svc-mcp --remote` adds to a paid call. On loopback, a devnet (the
// x402-devnet CLI: anvil with a block per transaction, USDC, the HTTP facilitator) and the hosted
// service (apps/http's dist, settling after the answer) each in its own process; then, for
// ofac_wallet_screen ($0.01), sequential calls timed whole:
//   (a) direct: the SDK client (@modelcontextprotocol/client) over streamable HTTP paying itself,
//       as a custom agent does: the unpaid call, the PaymentRequired, x402Client's signature,
//       the paid call;
//   (b) proxy: the SDK client over stdio to `svc-mcp --remote <service>/mcp` (@svc/mcp's dist), which
//       does the same round trips and signature in its own process.
// WARM warm-up calls, then CALLS measured, in RUNS fresh clients (and proxies); p50/p99 are the
// median across runs; peak RSS (VmHWM) of the proxy and of the service beside.
//
//   node bench/remote-proxy.bench.mjs [--calls N] [--warm N] [--runs N] [--json]
//   (after `pnpm --filter @svc/http... --filter @svc/mcp... build`)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import { cleanUp, startDevnetProcess, startService } from "./bench-processes.mjs";

const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = flag("calls", 30);
const WARM = flag("warm", 5);
const RUNS = flag("runs", 3);
const JSON_OUTPUT = process.argv.includes("--json");
const MAIN = join(
  dirname(createRequire(import.meta.url).resolve("@svc/mcp/package.json")),
  "dist/main.js",
);
const CALL = {
  name: "ofac_wallet_screen",
  arguments: { address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96" },
};
const PAYMENT_META = "x402/payment";
const RECEIPT_META = "x402/payment-response";

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) /
  1024;

/** Throws unless the call was answered and paid (a receipt, settled or pending). */
function paidAnswer(result) {
  if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.structuredContent)}`);
  if (result._meta?.[RECEIPT_META]?.success !== true) throw new Error("no receipt");
}

/** WARM calls, then CALLS timed one after the other: the sorted latencies in ms. */
async function measure(paidCall) {
  for (let i = 0; i < WARM; i++) paidAnswer(await paidCall());
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    paidAnswer(await paidCall());
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

const summary = (times) => ({ p50: quantile(times, 0.5), p99: quantile(times, 0.99) });

/** (a) A client paying itself over streamable HTTP. */
async function directRun(url, key) {
  const payer = payerOf(key);
  const client = await connectHttp(`${url}/mcp`, "2026-07-28", {
    identity: { name: "svc-mcp-bench", version: "1.0.0" },
    negotiation: "auto",
  });
  try {
    await client.listTools();
    const times = await measure(async () => {
      const unpaid = await client.callTool(CALL);
      if (!unpaid.isError) throw new Error("the unpaid call was answered");
      const payment = await payer.createPaymentPayload(unpaid.structuredContent);
      return client.callTool({ ...CALL, _meta: { [PAYMENT_META]: payment } });
    });
    return summary(times);
  } finally {
    await client.close();
  }
}

/** (b) The same calls through a fresh `svc-mcp --remote` over stdio. */
async function proxyRun(url, key) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, "--remote", `${url}/mcp`, "--max-total", "1000"],
    env: { X402_PRIVATE_KEY: key, PATH: process.env.PATH ?? "" },
    stderr: "ignore",
  });
  const client = new Client({ name: "svc-mcp-bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools();
    const times = await measure(() => client.callTool(CALL));
    return { ...summary(times), rssMb: peakRssMb(transport.pid) };
  } finally {
    await client.close();
  }
}

const fmt = (ms) => `${ms.toFixed(1)} ms`.padStart(9);

try {
  const devnet = await startDevnetProcess({ payers: 2 });
  const service = await startService("after-response", {
    FACILITATOR_URL: devnet.facilitatorUrl,
    PAY_TO: devnet.payTo,
    X402_RPC_URL: devnet.rpcUrl,
    X402_SETTLEMENT: "after-response",
  });
  const direct = [];
  const proxied = [];
  // Interleaved, so that a slow stretch of the machine falls on both.
  for (let run = 0; run < RUNS; run++) {
    direct.push(await directRun(service.url, devnet.payerKeys[0]));
    proxied.push(await proxyRun(service.url, devnet.payerKeys[1]));
  }
  const a = { p50: median(direct.map((r) => r.p50)), p99: median(direct.map((r) => r.p99)) };
  const b = {
    p50: median(proxied.map((r) => r.p50)),
    p99: median(proxied.map((r) => r.p99)),
    proxyPeakRssMb: Math.max(...proxied.map((r) => r.rssMb)),
  };
  const results = {
    tool: CALL.name,
    price: "0.01",
    settlement: "after-response",
    calls: CALLS,
    warm: WARM,
    runs: RUNS,
    direct: a,
    proxy: b,
    addedMs: { p50: b.p50 - a.p50, p99: b.p99 - a.p99 },
    servicePeakRssMb: service.peakRssMb(),
    cpus: availableParallelism(),
    loadavg: loadavg()[0],
  };
  if (JSON_OUTPUT) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } else {
    console.log(
      `paid tools/call ${CALL.name} ($0.01), ${RUNS} runs of ${CALLS} calls after ${WARM} warm-up, median of runs; ${results.cpus} CPUs, load ${results.loadavg.toFixed(2)}`,
    );
    console.log(`                                   p50       p99   peak RSS`);
    console.log(`(a) direct, SDK client paying   ${fmt(a.p50)} ${fmt(a.p99)}`);
    console.log(
      `(b) through svc-mcp --remote    ${fmt(b.p50)} ${fmt(b.p99)}   ${b.proxyPeakRssMb.toFixed(0)} MB (proxy)`,
    );
    console.log(
      `added by the proxy              ${fmt(results.addedMs.p50)} ${fmt(results.addedMs.p99)}`,
    );
    console.log(`the service (hosted /mcp): peak RSS ${results.servicePeakRssMb.toFixed(0)} MB`);
  }
} finally {
  await cleanUp();
}
