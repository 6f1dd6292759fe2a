#!/usr/bin/env node
// settlement.bench.mjs: what settlement after the answer (`X402_SETTLEMENT=after-response`) buys,
// on loopback with every service in its own process (as deployed) and chains mining a block every
// 2 s as Base does (`DEVNET_BLOCK_TIME=2`), unless said otherwise.
//
// (g) Paid screening round trips (unpaid call → 402 → sign → paid call), runs of 20 sequential
//     calls after a warm-up, p50/p99, on a service settling before the answer beside one
//     settling after it, in the same run. After each run, the payee's balance is read on chain
//     until every payment served since the last count is there: how long after the run that
//     took. Each payment answered before it settled is also asked for by its id
//     (`GET /api/payments/:id`).
// (h) Paid calls per second sustained with settlement after the answer: a fixed count of round
//     trips, 8 at a time by default, spread over 3 payers, on the embedded ledger (PGlite) and on
//     a PostgreSQL server; both services pay through one devnet in a process of its own (the
//     x402-devnet CLI: HTTP facilitator, 2-s blocks), and every payment is counted on chain
//     afterwards. Where the CPU went (service, facilitator, clients) is printed beside.
// (i) The ledger's cost per call: (1) in the service, paid screening with a block per transaction
//     (automine) and settlement before the answer, PGlite beside PostgreSQL, beside the unpaid 402
//     (which touches no ledger) as the reference; (2) in this process, the ledger's own writes of
//     one such paid call (reserve, served, settled through LedgerReservationStore), alone.
// Each service's peak resident memory (VmHWM) is printed beside its figures.
//
//   node bench/settlement.bench.mjs [--json] [--calls N] [--concurrency N]   (after `pnpm build`)
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { LedgerReservationStore, openLedger } from "@svc/ledger";
import { keyOf } from "@svc/payments";
import { startPostgres } from "@svc/test-support/postgres-cluster";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { createPublicClient, erc20Abi, http } from "viem";
import {
  cleanUp,
  onCleanUp,
  startDevnetProcess,
  startService,
  stopping,
} from "./bench-processes.mjs";
import { payHistory } from "./payer-history.mjs";
import { quantile } from "./service-process.mjs";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN_PATH = `/api/ofac-wallet-screen/${LISTED}`;
const numberArg = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
/** Round trips of the sustained run (h) per ledger, and how many at a time. */
const SUSTAINED_CALLS = numberArg("--calls", 120);
const SUSTAINED_CONCURRENCY = numberArg("--concurrency", 8);
const ROUND_TRIPS = 20;
/**
 * Warm-up calls before the measured round trips. Settling after the answer, the first calls of a
 * fresh process run its code cold (measured on a busy 2-CPU machine: a round trip's p50 was 91 ms
 * over calls 3–22, 25–45 ms over later runs); settling before it, every call waits for its 2-s
 * block, and a warm-up call costs a block.
 */
const ROUND_TRIP_WARM_UP = { "before-response": 2, "after-response": 20 };
/**
 * Runs of ROUND_TRIPS calls: after the answer, the median p50 of three (on a busy 2-CPU machine
 * one run's p50 ranged from 23 to 45 ms); before it, one run (each call waits for its block).
 */
const ROUND_TRIP_RUNS = { "before-response": 1, "after-response": 3 };
/** The issue's targets for settlement after the answer. */
const TARGET_P50_MS = 50;
const TARGET_SPEED_UP = 40;
const TARGET_SETTLED_WITHIN_MS = 10_000;
/** How long the bench keeps counting on chain past the target before it reports what it found. */
const SETTLEMENT_WAIT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { calls: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
};

// ---------------------------------------------------------------------------------------------
// Paying and counting on chain.

/** USDC balances on a chain, read from its RPC. */
function chainOf(rpcUrl, usdc) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    balanceOf: (address) =>
      client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address],
      }),
  };
}

/**
 * One paid screening round trip, timed whole: the unpaid call (402), the signature, the paid call
 * (also timed alone). Throws unless the paid call is answered 200 with the settlement asked for:
 * a receipt (before the answer) or `X-Payment-Status: pending` (after it).
 */
async function paidScreening(url, payer, settlement) {
  const t0 = performance.now();
  const challenge = await fetch(`${url}${SCREEN_PATH}`);
  await challenge.arrayBuffer();
  if (challenge.status !== 402) throw new Error(`unpaid call: ${challenge.status}, not 402`);
  const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED"));
  const signature = encodePaymentSignatureHeader(await payer.createPaymentPayload(required));
  const t1 = performance.now();
  const res = await fetch(`${url}${SCREEN_PATH}`, { headers: { "PAYMENT-SIGNATURE": signature } });
  const body = await res.text();
  const t2 = performance.now();
  if (res.status !== 200) throw new Error(`paid call: ${res.status} ${body.slice(0, 300)}`);
  const pending = res.headers.get("X-Payment-Status") === "pending";
  if (pending !== (settlement === "after-response")) {
    throw new Error(
      `paid call settled ${pending ? "after" : "before"} the answer; ${settlement} was asked for`,
    );
  }
  return {
    wholeMs: t2 - t0,
    paidMs: t2 - t1,
    amount: BigInt(required.accepts[0].amount),
    paymentId: res.headers.get("X-Payment-Id"),
  };
}

/** The unpaid call alone (its 402 touches no ledger). */
async function unpaidScreening(url) {
  const t0 = performance.now();
  const res = await fetch(`${url}${SCREEN_PATH}`);
  await res.arrayBuffer();
  if (res.status !== 402) throw new Error(`unpaid call: ${res.status}, not 402`);
  return performance.now() - t0;
}

/**
 * Reads the payee's balance until it has risen by `expected` (or SETTLEMENT_WAIT_MS passed): how
 * long after `since` it got there, and how many payments of `price` are on chain.
 */
async function waitOnChain(chain, payTo, startBalance, expected, price, since) {
  const deadline = since + SETTLEMENT_WAIT_MS;
  for (;;) {
    const risen = (await chain.balanceOf(payTo)) - startBalance;
    const now = performance.now();
    if (risen >= expected || now > deadline) {
      return {
        expected: Number(expected / price),
        onChain: Number(risen / price),
        allSettled: risen >= expected,
        afterMs: now - since,
      };
    }
    await sleep(50);
  }
}

/**
 * Asks the service for the receipt of every payment it answered before settling
 * (`GET /api/payments/:paymentId`) until each is settled in its ledger (or a few seconds passed):
 * how many are.
 */
async function settledInLedger(url, paymentIds) {
  const deadline = performance.now() + 10_000;
  let left = [...paymentIds];
  for (;;) {
    const statuses = await Promise.all(
      left.map(async (id) => {
        const res = await fetch(`${url}/api/payments/${id}`);
        return res.ok ? (await res.json()).data.status : `HTTP ${res.status}`;
      }),
    );
    left = left.filter((_, i) => statuses[i] !== "settled");
    if (left.length === 0 || performance.now() > deadline) {
      return { settled: paymentIds.length - left.length, of: paymentIds.length };
    }
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// (g) Round trips, settlement before vs after the answer, 2-s blocks.

async function roundTrips() {
  const [before, after] = await Promise.all(
    ["before-response", "after-response"].map((settlement) =>
      startService(settlement, { DEVNET_BLOCK_TIME: "2", X402_SETTLEMENT: settlement }),
    ),
  );
  try {
    const measure = async (service) => {
      const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
      if (devnet.blockTimeSeconds !== 2) throw new Error(`${service.name}: not on 2-s blocks`);
      const chain = chainOf(devnet.rpcUrl, devnet.usdc);
      const payer = payerOf(devnet.payers[0].privateKey);
      const warmUp = ROUND_TRIP_WARM_UP[service.name];
      if (service.name === "after-response") {
        // Every call answered first: the payer has paid as much before, settled (untimed).
        const calls = warmUp + ROUND_TRIPS * ROUND_TRIP_RUNS[service.name];
        await payHistory(service.url, payer, { screenings: calls });
      }
      const paymentIds = [];
      let balance = await chain.balanceOf(devnet.payTo);
      let served = 0n;
      let price = 0n;
      const call = async () => {
        const paid = await paidScreening(service.url, payer, service.name);
        price = paid.amount;
        served++;
        if (paid.paymentId !== null) paymentIds.push(paid.paymentId);
        return paid;
      };
      for (let i = 0; i < warmUp; i++) await call();
      const runs = [];
      for (let r = 0; r < ROUND_TRIP_RUNS[service.name]; r++) {
        const whole = [];
        const paid = [];
        for (let i = 0; i < ROUND_TRIPS; i++) {
          const { wholeMs, paidMs } = await call();
          whole.push(wholeMs);
          paid.push(paidMs);
        }
        // Every payment served since the last count (the warm-up's in the first run's) on chain.
        const settlement = await waitOnChain(
          chain,
          devnet.payTo,
          balance,
          served * price,
          price,
          performance.now(),
        );
        balance += served * price;
        served = 0n;
        runs.push({ ...percentiles(whole), paidCallP50Ms: percentiles(paid).p50Ms, settlement });
      }
      return {
        warmUp,
        runs,
        p50Ms: median(runs.map((run) => run.p50Ms)),
        ledger: paymentIds.length > 0 ? await settledInLedger(service.url, paymentIds) : null,
        peakRssMb: service.peakRssMb(),
        settler: service.settler,
      };
    };
    const beforeResult = await measure(before);
    const afterResult = await measure(after);
    return {
      blockTimeSeconds: 2,
      before: beforeResult,
      after: afterResult,
      speedUpP50: beforeResult.p50Ms / afterResult.p50Ms,
    };
  } finally {
    await Promise.all([before.stop(), after.stop()]);
  }
}

// ---------------------------------------------------------------------------------------------
// (h) Paid calls per second sustained, after the answer, PGlite vs PostgreSQL, one external devnet.

async function sustained(service, devnet) {
  const chain = chainOf(devnet.rpcUrl, devnet.usdc);
  const payers = devnet.payerKeys.map((key) => payerOf(key));
  // Every call answered first: each payer has paid its share of the calls before, settled
  // (untimed, before the balance is read).
  const share = Math.ceil((SUSTAINED_CONCURRENCY + SUSTAINED_CALLS) / payers.length);
  await Promise.all(payers.map((payer) => payHistory(service.url, payer, { screenings: share })));
  const startBalance = await chain.balanceOf(devnet.payTo);
  let price = 0n;
  const paymentIds = [];
  const spread = async (count) => {
    let next = 0;
    const times = [];
    await Promise.all(
      Array.from({ length: SUSTAINED_CONCURRENCY }, async () => {
        for (let i = next++; i < count; i = next++) {
          const call = await paidScreening(service.url, payers[i % payers.length], service.name);
          times.push(call.wholeMs);
          paymentIds.push(call.paymentId);
          price = call.amount;
        }
      }),
    );
    return times;
  };
  await spread(SUSTAINED_CONCURRENCY); // warm-up: one call per client
  const t0 = performance.now();
  const serviceCpu0 = service.cpuSeconds();
  const devnetCpu0 = devnet.cpuSeconds();
  const anvilCpu0 = devnet.childrenCpuSeconds();
  const benchCpu0 = process.cpuUsage();
  const times = await spread(SUSTAINED_CALLS);
  const ended = performance.now();
  const benchCpu = process.cpuUsage(benchCpu0);
  const cpuPercent = (seconds) => (100 * seconds) / ((ended - t0) / 1000);
  const served = BigInt(SUSTAINED_CONCURRENCY + SUSTAINED_CALLS);
  const onChain = await waitOnChain(
    chain,
    devnet.payTo,
    startBalance,
    served * price,
    price,
    ended,
  );
  return {
    calls: SUSTAINED_CALLS,
    concurrency: SUSTAINED_CONCURRENCY,
    payers: payers.length,
    seconds: (ended - t0) / 1000,
    callsPerSecond: SUSTAINED_CALLS / ((ended - t0) / 1000),
    latency: percentiles(times),
    // Where the CPU went during the run: the service, the devnet's process (its facilitator
    // verifying and settling), its anvil, this one (the clients signing).
    serviceCpuPercent: cpuPercent(service.cpuSeconds() - serviceCpu0),
    facilitatorCpuPercent: cpuPercent(devnet.cpuSeconds() - devnetCpu0),
    anvilCpuPercent: cpuPercent(devnet.childrenCpuSeconds() - anvilCpu0),
    clientsCpuPercent: cpuPercent((benchCpu.user + benchCpu.system) / 1e6),
    settlement: onChain,
    ledger: await settledInLedger(service.url, paymentIds),
    peakRssMb: service.peakRssMb(),
    settler: service.settler,
  };
}

// ---------------------------------------------------------------------------------------------
// (i) The ledger's cost per call.

/** p50s of the unpaid 402 and of paid round trips (automine, before the answer), per service. */
async function ledgerInService(pglite, postgres) {
  const runs = 3;
  const callsPerRun = 30;
  const of = async (service) => {
    const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
    if (devnet.blockTimeSeconds !== null) throw new Error(`${service.name}: not on automine`);
    return { payer: payerOf(devnet.payers[0].privateKey) };
  };
  const parts = new Map([
    [pglite, await of(pglite)],
    [postgres, await of(postgres)],
  ]);
  const results = new Map([...parts.keys()].map((s) => [s, { unpaid: [], whole: [], paid: [] }]));
  // Warm-up, then runs interleaved so both see the same conditions.
  for (const [service, { payer }] of parts) {
    for (let i = 0; i < 20; i++) await unpaidScreening(service.url);
    for (let i = 0; i < 5; i++) await paidScreening(service.url, payer, "before-response");
  }
  for (let r = 0; r < runs; r++) {
    for (const [service, { payer }] of parts) {
      const unpaid = [];
      const whole = [];
      const paid = [];
      for (let i = 0; i < callsPerRun; i++) unpaid.push(await unpaidScreening(service.url));
      for (let i = 0; i < callsPerRun; i++) {
        const call = await paidScreening(service.url, payer, "before-response");
        whole.push(call.wholeMs);
        paid.push(call.paidMs);
      }
      const result = results.get(service);
      result.unpaid.push(percentiles(unpaid).p50Ms);
      result.whole.push(percentiles(whole).p50Ms);
      result.paid.push(percentiles(paid).p50Ms);
    }
  }
  const summary = (service) => {
    const r = results.get(service);
    return {
      unpaidP50Ms: median(r.unpaid),
      roundTripP50Ms: median(r.whole),
      paidCallP50Ms: median(r.paid),
      peakRssMb: service.peakRssMb(),
    };
  };
  return { runs, callsPerRun, pglite: summary(pglite), postgres: summary(postgres) };
}

/**
 * The ledger's writes of one paid call settled before its answer, as the payment gate makes them
 * through LedgerReservationStore: reserve (the payment's row), served (what the answer was
 * computed on), used (settled, with its transaction); sequential, in this process.
 */
async function ledgerWrites(options) {
  const runs = 3;
  const calls = 100;
  const ledger = await openLedger(options);
  try {
    const store = new LedgerReservationStore(ledger);
    let sequence = 0;
    const measure = async () => {
      const times = [];
      for (let i = 0; i < calls; i++) {
        const authorization = {
          network: "eip155:8453",
          asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
          payer: "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
          nonce: `0x${(0xbe4c_0000_0000 + ++sequence).toString(16).padStart(64, "0")}`,
        };
        const key = keyOf(authorization);
        const t = performance.now();
        const reserved = await store.reserve(key, Date.now() + 60_000, {
          authorization,
          amount: "10000",
          operation: "/api/ofac-wallet-screen/:address",
        });
        if (reserved !== "reserved") throw new Error(`ledger reserve: ${reserved}`);
        await store.markServed(key, { datasetSha256: "0".repeat(64) });
        await store.markUsed(key, { transaction: `0x${"ab".repeat(32)}` });
        times.push(performance.now() - t);
      }
      return percentiles(times).p50Ms;
    };
    await measure(); // warm-up
    const p50s = [];
    for (let r = 0; r < runs; r++) p50s.push(await measure());
    return { runs, calls, p50Ms: median(p50s) };
  } finally {
    await ledger.close();
  }
}

// ---------------------------------------------------------------------------------------------

const results = {
  node: process.version,
  cpus: availableParallelism(),
  loadAverage: loadavg()[0],
  sectionSeconds: {},
};
const started = performance.now();
let lap = started;
/** Seconds since the last lap, under `name`. */
const timed = (name) => {
  const now = performance.now();
  results.sectionSeconds[name] = Number(((now - lap) / 1000).toFixed(1));
  lap = now;
};
try {
  results.roundTrips = await roundTrips();
  timed("g");

  const [devnet, cluster] = await Promise.all([
    startDevnetProcess({ payers: 3, blockTimeSeconds: 2 }),
    startPostgres(),
  ]);
  onCleanUp(() => cluster.stop());
  const external = {
    FACILITATOR_URL: devnet.facilitatorUrl,
    PAY_TO: devnet.payTo,
    X402_RPC_URL: devnet.rpcUrl,
    X402_SETTLEMENT: "after-response",
  };
  // The services of (i) start beside those of (h), and wait idle (automine, no settler).
  const [pgliteB, postgresB, pgliteC, postgresC] = await Promise.all([
    startService("after-response", external),
    startService("after-response", { ...external, DATABASE_URL: cluster.url }),
    startService("before-response", { X402_SETTLEMENT: "before-response" }),
    startService("before-response", {
      X402_SETTLEMENT: "before-response",
      DATABASE_URL: cluster.url,
    }),
  ]);
  timed("set-up of h and i");
  try {
    results.sustained = {
      blockTimeSeconds: devnet.blockTimeSeconds,
      pglite: await sustained(pgliteB, devnet),
      postgres: await sustained(postgresB, devnet),
    };
  } finally {
    await Promise.all([pgliteB.stop(), postgresB.stop()]);
  }
  timed("h");
  try {
    results.ledgerInService = await ledgerInService(pgliteC, postgresC);
  } finally {
    await Promise.all([pgliteC.stop(), postgresC.stop()]);
  }
  const ledgerDir = mkdtempSync(join(tmpdir(), "svc-bench-ledger-"));
  onCleanUp(async () => rmSync(ledgerDir, { recursive: true, force: true }));
  results.ledgerWrites = {
    pglite: await ledgerWrites({ dir: join(ledgerDir, "ledger") }),
    postgres: await ledgerWrites({ databaseUrl: cluster.url }),
  };
  timed("i");
} catch (error) {
  if (stopping()) await new Promise(() => {}); // the signal's handler exits once all is stopped
  throw error;
} finally {
  await cleanUp();
}
results.seconds = (performance.now() - started) / 1000;

if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify(results, (_, value) => (value instanceof Set ? [...value] : value), 2),
  );
} else {
  const ms = (x) => `${x.toFixed(1)} ms`;
  const pp = (x) => `p50 ${ms(x.p50Ms)}, p99 ${ms(x.p99Ms)}`;
  const met = (ok) => (ok ? "met" : "NOT MET");
  const settlerOf = (s) =>
    `settler log: ${s.retries} retries${s.retries > 0 ? ` (${[...s.retryReasons].join("; ")})` : ""}, ${s.failed} failed`;
  const onChain = (s) =>
    `${s.onChain}/${s.expected} served payments on chain ${s.allSettled ? "" : "only "}${(s.afterMs / 1000).toFixed(1)} s after the run`;
  const inLedger = (l) => `${l.settled}/${l.of} settled in the ledger (GET /api/payments/:id)`;
  console.log(
    `Settlement before vs after the answer, Node ${results.node}; every service in its own process, on loopback; ${results.cpus} CPUs, load average ${results.loadAverage.toFixed(1)} at the start (${results.seconds.toFixed(0)} s in all: ${Object.entries(
      results.sectionSeconds,
    )
      .map(([name, seconds]) => `${name} ${seconds} s`)
      .join(", ")})`,
  );
  const g = results.roundTrips;
  console.log(
    `(g) paid screening round trips (402 → sign → paid), DEVNET_BLOCK_TIME=${g.blockTimeSeconds}, PGlite ledger, runs of ${ROUND_TRIPS} sequential calls after a warm-up; p99 of ${ROUND_TRIPS} is the slowest:`,
  );
  for (const [name, x] of [
    ["before-response", g.before],
    ["after-response ", g.after],
  ]) {
    console.log(
      `    ${name} (${x.warmUp} warm-up calls; peak RSS ${x.peakRssMb.toFixed(0)} MB${x.ledger === null ? "" : `; ${settlerOf(x.settler)}`}):`,
    );
    x.runs.forEach((run, r) => {
      console.log(
        `      run ${r + 1}: ${pp(run)} (paid call alone p50 ${ms(run.paidCallP50Ms)}); ${onChain(run.settlement)}`,
      );
    });
  }
  console.log(
    `    after-response median p50 ${ms(g.after.p50Ms)} ≤ ${TARGET_P50_MS} ms: ${met(g.after.p50Ms <= TARGET_P50_MS)}; ${g.speedUpP50.toFixed(1)}× faster than before-response at p50 (target ≥ ${TARGET_SPEED_UP}×): ${met(g.speedUpP50 >= TARGET_SPEED_UP)}`,
  );
  const slowest = Math.max(...g.after.runs.map((run) => run.settlement.afterMs));
  const settledInTime = g.after.runs.every(
    (run) => run.settlement.allSettled && run.settlement.afterMs <= TARGET_SETTLED_WITHIN_MS,
  );
  console.log(
    `    after-response settlement: every run's payments on chain at most ${(slowest / 1000).toFixed(1)} s after it, ${inLedger(g.after.ledger)}; all within ${TARGET_SETTLED_WITHIN_MS / 1000} s: ${met(settledInTime)}`,
  );
  const h = results.sustained;
  console.log(
    `(h) paid calls per second sustained, after-response, DEVNET_BLOCK_TIME=${h.blockTimeSeconds} (one external devnet in its own process, HTTP facilitator), ${h.pglite.calls} round trips ${h.pglite.concurrency} at a time over ${h.pglite.payers} payers, after ${h.pglite.concurrency} warm-up calls:`,
  );
  for (const [name, x] of [
    ["PGlite    ", h.pglite],
    ["PostgreSQL", h.postgres],
  ]) {
    console.log(
      `    ${name} ${x.callsPerSecond.toFixed(1)} paid calls/s (${x.seconds.toFixed(2)} s; round trip ${pp(x.latency)}; CPU: service ${x.serviceCpuPercent.toFixed(0)}%, devnet's facilitator ${x.facilitatorCpuPercent.toFixed(0)}%, anvil ${x.anvilCpuPercent.toFixed(0)}%, clients ${x.clientsCpuPercent.toFixed(0)}%); ${onChain(x.settlement)}, ${inLedger(x.ledger)}; peak RSS ${x.peakRssMb.toFixed(0)} MB; ${settlerOf(x.settler)}`,
    );
  }
  const i = results.ledgerInService;
  const w = results.ledgerWrites;
  console.log(
    `(i) the ledger's cost per call: automine (a block per transaction), before-response, medians of ${i.runs} runs × ${i.callsPerRun} sequential calls, the two services interleaved:`,
  );
  for (const [name, x] of [
    ["PGlite    ", i.pglite],
    ["PostgreSQL", i.postgres],
  ]) {
    console.log(
      `    ${name} unpaid 402 (no ledger) p50 ${ms(x.unpaidP50Ms)}; paid round trip p50 ${ms(x.roundTripP50Ms)}, paid call alone p50 ${ms(x.paidCallP50Ms)}; peak RSS ${x.peakRssMb.toFixed(0)} MB`,
    );
  }
  console.log(
    `    paid call alone, PostgreSQL − PGlite: ${(i.postgres.paidCallP50Ms - i.pglite.paidCallP50Ms).toFixed(1)} ms at p50`,
  );
  console.log(
    `    the ledger's writes of one such call, alone (reserve + served + settled through LedgerReservationStore, sequential, in the bench process; median of ${w.pglite.runs} runs × ${w.pglite.calls}): PGlite p50 ${ms(w.pglite.p50Ms)} = ${((100 * w.pglite.p50Ms) / i.pglite.paidCallP50Ms).toFixed(0)}% of its paid call; PostgreSQL p50 ${ms(w.postgres.p50Ms)} = ${((100 * w.postgres.p50Ms) / i.postgres.paidCallP50Ms).toFixed(0)}% of its paid call`,
  );
}
