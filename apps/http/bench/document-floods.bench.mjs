#!/usr/bin/env node
// document-floods.bench.mjs: /health while document requests nobody pays for flood the service
// (issue 28, item 5), the service in its own process (as deployed) on its local chain.
//
// (g) 40 concurrent PDFs one row over the limit (10,001 × 20), each with a valid authorization
//     of its own: refused 413 REPORT_TOO_LARGE, never charged.
// (h) 70 concurrent maximum-size DOCX (5,000 × 20), then (i) 70 maximum-size XLSX (24,000 × 20
//     zeros: 1 MB, about the most rows a body holds) and (j) 70 maximum-size PDF (10,000 × 20), each
//     with its own authorization from the devnet's payers in turn: admitted while they can
//     start within their deadline (two per payer), refused 503 RENDER_BUSY / RENDER_PAYER_BUSY
//     otherwise.
// Meanwhile /health is probed every 10 ms until every answer is in: p50/p99/max beside the same
// probe idle in the same run (the reference), with how late the service's own event loop ran
// meanwhile (its /dev/stats.json: what the service held, apart from this machine's scheduling),
// the service's peak RSS, the answers by status and code, and the load average. Each flood runs --runs times (default 3); the median p99 is
// printed beside the runs. Speed is printed, not asserted; the target is /health p99 ≤ 50 ms.
// The probe runs on a thread of its own, so the flood's own work in this process (sending 70
// bodies of 1 MB, reading documents back) does not delay its timings.
//
//   node bench/document-floods.bench.mjs [--runs N] [--only g,i] [--cpu-prof DIR] [--json]
//   (after `pnpm build`; --cpu-prof writes the service's CPU profile into DIR when it stops)
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { quantile, rssMb, startProcess } from "./service-process.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const argRuns = process.argv.indexOf("--runs");
const RUNS = argRuns >= 0 ? Number(process.argv[argRuns + 1]) : 3;
const JSON_OUT = process.argv.includes("--json");
const argOnly = process.argv.indexOf("--only");
const ONLY = argOnly >= 0 ? process.argv[argOnly + 1].split(",") : undefined;
const argProf = process.argv.indexOf("--cpu-prof");
const PROF_DIR = argProf >= 0 ? process.argv[argProf + 1] : undefined;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const summary = (times) => {
  const s = [...times].sort((a, b) => a - b);
  return { samples: s.length, p50Ms: quantile(s, 0.5), p99Ms: quantile(s, 0.99), maxMs: s.at(-1) };
};
const table = (rows, cell) =>
  JSON.stringify({
    report_meta: { report_type: "flood", title: "Flood", author: "bench", date: "2026-01-15" },
    tables: {
      t: {
        columns: Array.from({ length: 20 }, (_, i) => `c${i}`),
        rows: Array.from({ length: rows }, (_, r) =>
          Array.from({ length: 20 }, (_, i) => cell(r, i)),
        ),
      },
    },
  });

const FLOODS = [
  {
    key: "g",
    label: "(g) 40 PDFs one row over the limit",
    path: "/api/tools/report/pdf/generate",
    count: 40,
    body: table(10_001, () => 0),
  },
  {
    key: "h",
    label: "(h) 70 maximum-size DOCX (5,000 × 20)",
    path: "/api/tools/report/docx/generate",
    count: 70,
    body: table(5_000, (r, i) => `${r}.${i}`),
  },
  {
    key: "i",
    label: "(i) 70 maximum-size XLSX (24,000 × 20)",
    path: "/api/tools/report/xlsx/generate",
    count: 70,
    body: table(24_000, () => 0),
  },
  {
    key: "j",
    label: "(j) 70 maximum-size PDF (10,000 × 20)",
    path: "/api/tools/report/pdf/generate",
    count: 70,
    body: table(10_000, () => 0),
  },
];

/**
 * The probe's thread: on "start", /health every 10 ms until "stop", then the latency of each
 * probe. Its fetch is warmed first (a new thread loads its HTTP client on its first request).
 */
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
let running = false;
async function probe() {
  const times = [];
  while (running) {
    const t = performance.now();
    await (await fetch(workerData + "/health")).arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(times);
}
parentPort.on("message", (m) => {
  running = m === "start";
  if (running) void probe();
});
(async () => {
  for (let i = 0; i < 20; i++) await (await fetch(workerData + "/health")).arrayBuffer();
  parentPort.postMessage("ready");
})();
`;

let prober;

/** Probes /health every 10 ms from its own thread while `busy()`; the latency of each probe. */
async function probeHealth(url, busy) {
  if (prober === undefined) {
    prober = new Worker(PROBE, { eval: true, workerData: url });
    prober.unref();
    await new Promise((resolve, reject) => {
      prober.once("message", resolve);
      prober.once("error", reject);
    });
  }
  const times = new Promise((resolve) => prober.once("message", resolve));
  prober.postMessage("start");
  while (busy()) await sleep(10);
  prober.postMessage("stop");
  return times;
}

const service = await startProcess(
  [
    ...(PROF_DIR === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${PROF_DIR}`]),
    `${HERE}../dist/main.js`,
  ],
  {
    PORT: "0",
    OFAC_REFRESH_MINUTES: "10080",
    LOG_REQUESTS: "0",
  },
);
const results = { idle: undefined, floods: {} };
try {
  const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
  const payers = devnet.payers.map((p) => payerOf(p.privateKey));
  let idleUntil = performance.now() + 2000;
  await probeHealth(service.url, () => performance.now() < idleUntil);
  idleUntil = performance.now() + 5000;
  results.idle = {
    ...summary(await probeHealth(service.url, () => performance.now() < idleUntil)),
    load1: loadavg()[0],
  };

  for (const flood of FLOODS.filter((f) => ONLY === undefined || ONLY.includes(f.key))) {
    const url = `${service.url}${flood.path}`;
    const challenge = decodePaymentRequiredHeader(
      (
        await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).headers.get("PAYMENT-REQUIRED"),
    );
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const signatures = await Promise.all(
        Array.from({ length: flood.count }, async (_, i) =>
          encodePaymentSignatureHeader(
            await payers[i % payers.length].createPaymentPayload(challenge),
          ),
        ),
      );
      const byCode = {};
      let peakRss = rssMb(service.child.pid);
      let pending = flood.count;
      const t0 = performance.now();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(service.child.pid));
      }, 100);
      await fetch(`${service.url}/dev/stats.json?reset`);
      const probe = probeHealth(service.url, () => pending > 0);
      await Promise.all(
        signatures.map(async (signature) => {
          try {
            const res = await fetch(url, {
              method: "POST",
              headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": signature },
              body: flood.body,
            });
            const answer = await res.json().catch(() => ({}));
            const key = `${res.status}${answer.code ? ` ${answer.code}` : ""}`;
            byCode[key] = (byCode[key] ?? 0) + 1;
          } catch (error) {
            byCode[`fetch ${error.cause?.code ?? error.message}`] =
              (byCode[`fetch ${error.cause?.code ?? error.message}`] ?? 0) + 1;
          } finally {
            pending--;
          }
        }),
      );
      const health = summary(await probe);
      const { eventLoopDelay } = await (await fetch(`${service.url}/dev/stats.json`)).json();
      clearInterval(sampler);
      runs.push({
        ...health,
        answeredInMs: Math.round(performance.now() - t0),
        eventLoopDelay,
        peakRssMb: Math.round(peakRss),
        byCode,
        load1: loadavg()[0],
      });
      await sleep(2000);
    }
    results.floods[flood.key] = {
      label: flood.label,
      medianP99Ms: median(runs.map((r) => r.p99Ms)),
      runs,
    };
  }
} finally {
  await prober?.terminate();
  const exited = new Promise((resolve) => service.child.once("exit", resolve));
  service.child.kill("SIGTERM");
  await exited;
}

if (JSON_OUT) console.log(JSON.stringify(results, null, 2));
else {
  const ms = (x) => `${x.toFixed(1)} ms`;
  const { idle } = results;
  console.log(
    `reference: /health idle p50 ${ms(idle.p50Ms)}, p99 ${ms(idle.p99Ms)} (load ${idle.load1.toFixed(2)})`,
  );
  for (const { label, medianP99Ms, runs } of Object.values(results.floods)) {
    console.log(
      `${label}: /health p99 median ${ms(medianP99Ms)} (target ≤ 50 ms; idle p99 ${ms(idle.p99Ms)})`,
    );
    for (const r of runs) {
      console.log(
        `    p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}, max ${ms(r.maxMs)} over ${r.samples} probes (the service's loop late p99 ${ms(r.eventLoopDelay.p99Ms)}, max ${ms(r.eventLoopDelay.maxMs)}); all answered in ${r.answeredInMs} ms; peak RSS ${r.peakRssMb} MB; load ${r.load1.toFixed(2)}; ${JSON.stringify(r.byCode)}`,
      );
    }
  }
}
