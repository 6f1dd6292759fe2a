// The latency of one paid call's reservation on the ledger: reserve + markUsed through the
// LedgerReservationStore, sequential, on embedded PGlite (a directory, as the service uses it)
// and on a throwaway PostgreSQL 15 cluster on 127.0.0.1. Prints the median over RUNS runs of
// each run's p50 and p95. Run after `pnpm --filter @svc/ledger build`: node bench/ledger.bench.mjs
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LedgerReservationStore, openLedger } from "@svc/ledger";
import { keyOf } from "@svc/payments";
import { startPostgres } from "@svc/test-support/postgres-cluster";

const RUNS = 5;
const CALLS = 200;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];

let sequence = 0;
async function measure(store) {
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const authorization = {
      network: "eip155:8453",
      asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      nonce: `0x${(++sequence).toString(16).padStart(64, "0")}`,
    };
    const key = keyOf(authorization);
    const start = performance.now();
    await store.reserve(key, Date.now() + 60_000, {
      authorization,
      amount: "10000",
      operation: "/v1/screen",
    });
    await store.markUsed(key);
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function bench(name, options) {
  const ledger = await openLedger(options);
  try {
    const store = new LedgerReservationStore(ledger);
    await measure(store); // warm-up
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await measure(store));
    const p50 = median(runs.map((r) => r.p50));
    const p95 = median(runs.map((r) => r.p95));
    console.log(
      `${name.padEnd(28)} reserve+markUsed p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (median of ${RUNS} runs × ${CALLS} calls)`,
    );
  } finally {
    await ledger.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), "ledger-bench-"));
const postgres = await startPostgres();
try {
  await bench("PGlite (directory)", { dir: join(dir, "ledger") });
  await bench("PostgreSQL 15 (127.0.0.1)", { databaseUrl: postgres.url });
} finally {
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
