#!/usr/bin/env node
// mcp-generations.bench.mjs: hosted /mcp per generation of the protocol, on loopback, the service
// in its own process (as deployed): `tools/call ofac_wallet_screen` from the SDK 1.x client
// (2025-11-25, the `initialize` handshake, then a session-less streamable HTTP) and from the SDK 2
// client pinned to 2026-07-28 (`server/discover`, then the `_meta` envelope on every request),
// beside the same screening on the HTTP route (`GET /api/ofac-wallet-screen/:address`) as the
// reference, each on a service of its own (so that each one's peak RSS is its own):
// (a) the unpaid call, answered with the PaymentRequired (a 402 on the route): the server's own
//     cost per call, no chain;
// (b) the paid call alone, its payment signed beforehand (one payer of the service's devnet), the
//     services settling after the answer (`X402_SETTLEMENT=after-response`) on 2-s blocks
//     (`DEVNET_BLOCK_TIME=2`, as Base): the figure is the service's (verification, the ledger's
//     reservation, the screening), not the block time; each answer must say `pending` (the payer
//     is first given a settled history worth WARM + CALLS screenings, untimed: a wallet is
//     answered first only up to what it has paid before).
// Sequential calls: WARM warm-up calls, then CALLS measured, in RUNS runs, the rows' runs
// interleaved so that every row sees the same conditions; p50/p99 are the median across the runs,
// beside the service's CPU time per measured call (from /proc, in ticks of 10 ms; it includes the
// work of the devnet's facilitator, which runs in the service's process in development, and of the
// settler) and each service's peak RSS.
//
//   node bench/mcp-generations.bench.mjs [--json] [--calls N] [--warm N] [--runs N]   (after `pnpm build`)
import { availableParallelism, loadavg } from "node:os";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { cleanUp, startService, stopping } from "./bench-processes.mjs";
import { payHistory } from "./payer-history.mjs";
import { quantile, rssMb } from "./service-process.mjs";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN_PATH = `/api/ofac-wallet-screen/${LISTED}`;
const CALL = { name: "ofac_wallet_screen", arguments: { address: LISTED } };
const PAYMENT_META = "x402/payment";
const RECEIPT_META = "x402/payment-response";
const IDENTITY = { name: "svc-bench", version: "1.0.0" };
const numberArg = (name, fallback, max) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`--${name} must be an integer from 1 to ${max}`);
  }
  return value;
};
/** Bounded: every paid call is a payment on the devnet. */
const CALLS = numberArg("calls", 200, 2_000);
const WARM = numberArg("warm", 20, 200);
const RUNS = numberArg("runs", 3, 9);
const SERVICE_ENV = { X402_SETTLEMENT: "after-response", DEVNET_BLOCK_TIME: "2" };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---------------------------------------------------------------------------------------------
// The three ways in: each gives an unpaid call (the PaymentRequired) and a paid one (a payload).

/** The MCP client of `generation`, connected to `<url>/mcp`. */
function mcpClient(url, generation) {
  return connectHttp(`${url}/mcp`, generation, { identity: IDENTITY });
}

/** `tools/call` over hosted /mcp by the client of `generation`. */
async function mcpWay(url, generation) {
  const client = await mcpClient(url, generation);
  return {
    async unpaid() {
      const result = await client.callTool(CALL);
      if (!result.isError || result.structuredContent?.accepts === undefined) {
        throw new Error(`unpaid call: no PaymentRequired: ${JSON.stringify(result).slice(0, 300)}`);
      }
      return result.structuredContent;
    },
    async paid(payload) {
      const result = await client.callTool({ ...CALL, _meta: { [PAYMENT_META]: payload } });
      const receipt = result._meta?.[RECEIPT_META];
      if (result.isError || receipt?.success !== true || receipt.status !== "pending") {
        throw new Error(`paid call: ${JSON.stringify(result).slice(0, 300)}`);
      }
    },
    close: () => client.close(),
  };
}

/** The HTTP route, the reference: the same screening and payment gate without MCP. */
function httpWay(url) {
  return {
    async unpaid() {
      const res = await fetch(`${url}${SCREEN_PATH}`);
      await res.arrayBuffer();
      if (res.status !== 402) throw new Error(`unpaid call: ${res.status}, not 402`);
      return decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED"));
    },
    async paid(payload) {
      const res = await fetch(`${url}${SCREEN_PATH}`, {
        headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payload) },
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`paid call: ${res.status} ${body.slice(0, 300)}`);
      if (res.headers.get("X-Payment-Status") !== "pending") {
        throw new Error("paid call: settled before the answer; after-response was asked for");
      }
    },
    close: async () => {},
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * WARM calls, then CALLS timed one after the other, each after its untimed `prepare`: their
 * latencies in ms, sorted, and the service's CPU time per measured call (ms).
 */
async function timed(service, call, prepare = async () => undefined) {
  for (let i = 0; i < WARM; i++) await call(await prepare());
  const times = [];
  const cpu0 = service.cpuSeconds();
  for (let i = 0; i < CALLS; i++) {
    const input = await prepare();
    const t0 = performance.now();
    await call(input);
    times.push(performance.now() - t0);
  }
  const cpuMsPerCall = (1000 * (service.cpuSeconds() - cpu0)) / CALLS;
  return { times: times.sort((a, b) => a - b), cpuMsPerCall };
}

/** One run of a way: the unpaid calls, then the paid calls (each payload signed before its call). */
async function run(service, way, payer) {
  const unpaid = await timed(service, () => way.unpaid());
  const required = await way.unpaid();
  const paid = await timed(
    service,
    (payload) => way.paid(payload),
    () => payer.createPaymentPayload(required),
  );
  return { unpaid, paid };
}

const stats = ({ times, cpuMsPerCall }) => ({
  p50Ms: quantile(times, 0.5),
  p99Ms: quantile(times, 0.99),
  perSecond: (1000 * times.length) / times.reduce((a, b) => a + b, 0),
  cpuMsPerCall,
});

const ROWS = [
  { name: "MCP 2025-11-25 (SDK 1.x client)", way: (url) => mcpWay(url, "2025-11-25") },
  { name: "MCP 2026-07-28 (SDK 2 client, pinned)", way: (url) => mcpWay(url, "2026-07-28") },
  { name: "HTTP route (reference)", way: async (url) => httpWay(url) },
];

const started = performance.now();
const load = loadavg()[0];
const results = [];
try {
  const services = await Promise.all(ROWS.map((row) => startService(row.name, SERVICE_ENV)));
  const parts = await Promise.all(
    ROWS.map(async (row, i) => {
      const service = services[i];
      const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
      if (devnet.blockTimeSeconds !== 2) throw new Error(`${row.name}: not on 2-s blocks`);
      return {
        row,
        service,
        way: await row.way(service.url),
        payer: payerOf(devnet.payers[0].privateKey),
        runs: [],
      };
    }),
  );
  // Every paid call of a run is answered first: the payer has paid as much before, settled.
  await Promise.all(
    parts.map((part) => payHistory(part.service.url, part.payer, { screenings: WARM + CALLS })),
  );
  for (let r = 0; r < RUNS; r++) {
    for (const part of parts) {
      const { unpaid, paid } = await run(part.service, part.way, part.payer);
      part.runs.push({ unpaid: stats(unpaid), paid: stats(paid) });
      process.stderr.write(
        `  run ${r + 1}/${RUNS} ${part.row.name}: unpaid p50 ${quantile(unpaid.times, 0.5).toFixed(2)} ms, paid p50 ${quantile(paid.times, 0.5).toFixed(2)} ms\n`,
      );
    }
  }
  for (const part of parts) {
    await part.way.close();
    const of = (kind, key) => median(part.runs.map((x) => x[kind][key]));
    const summary = (kind) => ({
      p50Ms: of(kind, "p50Ms"),
      p99Ms: of(kind, "p99Ms"),
      perSecond: of(kind, "perSecond"),
      cpuMsPerCall: of(kind, "cpuMsPerCall"),
      runsP50Ms: part.runs.map((x) => x[kind].p50Ms),
    });
    results.push({
      name: part.row.name,
      unpaid: summary("unpaid"),
      paid: summary("paid"),
      peakRssMb: part.service.peakRssMb(),
      endRssMb: rssMb(part.service.child.pid),
      settler: part.service.settler,
    });
  }
} catch (error) {
  if (stopping()) await new Promise(() => {}); // the signal's handler exits once all is stopped
  throw error;
} finally {
  await cleanUp();
}
const seconds = (performance.now() - started) / 1000;

if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify(
      { node: process.version, cpus: availableParallelism(), loadAverage: load, seconds, results },
      (_, value) => (value instanceof Set ? [...value] : value),
      2,
    ),
  );
} else {
  console.log(
    `Hosted /mcp per protocol generation, Node ${process.version}; each on a service of its own process, on loopback, X402_SETTLEMENT=after-response, DEVNET_BLOCK_TIME=2; ${availableParallelism()} CPUs, load average ${load.toFixed(1)} at the start (${seconds.toFixed(0)} s in all)`,
  );
  console.log(
    `tools/call ofac_wallet_screen, sequential; median of ${RUNS} runs of ${CALLS} calls after ${WARM} warm-up calls, the rows' runs interleaved:`,
  );
  const ms = (x) => `${x.toFixed(2)} ms`;
  const fig = (x) =>
    `p50 ${ms(x.p50Ms)}, p99 ${ms(x.p99Ms)}, ${x.perSecond.toFixed(0)} calls/s, service CPU ${ms(x.cpuMsPerCall)}/call (runs' p50 ${x.runsP50Ms.map((v) => v.toFixed(2)).join(" / ")})`;
  const width = Math.max(...results.map((x) => x.name.length));
  console.log("(a) unpaid: answered with the PaymentRequired (402 on the route), no chain:");
  for (const x of results) console.log(`    ${x.name.padEnd(width)}  ${fig(x.unpaid)}`);
  console.log(
    "(b) paid call alone (payment signed beforehand), settled after the answer (receipt `pending`; the service's CPU includes its facilitator's and settler's):",
  );
  for (const x of results) console.log(`    ${x.name.padEnd(width)}  ${fig(x.paid)}`);
  console.log("    each row's own service: peak RSS (VmHWM), RSS at the end, its settler's log:");
  for (const x of results) {
    console.log(
      `    ${x.name.padEnd(width)}  peak ${x.peakRssMb.toFixed(0)} MB, at the end ${x.endRssMb.toFixed(0)} MB; ${x.settler.retries} retries, ${x.settler.failed} failed`,
    );
  }
}
