#!/usr/bin/env node
// attacks.bench.mjs: what attacks on the paid API cost the service, on loopback with the service
// in its own process (as deployed) and its local chain.
//
// (e) Unpaid amplification: 8 concurrent attackers for --attack-seconds (default 20), after a
//     warm-up as long: four send unpaid MCP tools/call batch_wallet_screen with 200,000 junk
//     addresses; four send the batch route as many junk addresses as its body limit lets through
//     with one verified, never-settled authorization each (replayed after every refusal).
//     Meanwhile /health is probed every 10 ms: p50/p99 beside the same probe with no load in the
//     same run (the reference), the service's RSS growth over the measured run (medians of its
//     first and last quarter), and the largest answer the attackers got.
// (f) One authorization, many executions: 20 concurrent POST /api/tools/report/pdf/generate with
//     the same PAYMENT-SIGNATURE: how many renders the service's worker pool started (its own
//     counter), how many answers were 200, and how fast the others were refused.
//
//   node bench/attacks.bench.mjs [--json] [--attack-seconds N]   (after `pnpm build`)
import { fileURLToPath } from "node:url";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { quantile, rssMb, startProcess } from "./service-process.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const argSeconds = process.argv.indexOf("--attack-seconds");
const ATTACK_SECONDS = argSeconds >= 0 ? Number(process.argv[argSeconds + 1]) : 20;
const JUNK_ADDRESSES = 200_000;
/** The most junk elements a batch body holds within the route's 64 KB limit. */
const ROUTE_JUNK_ADDRESSES = 30_000;

const summary = (times) => {
  const s = [...times].sort((a, b) => a - b);
  return { samples: s.length, p50Ms: quantile(s, 0.5), p99Ms: quantile(s, 0.99), maxMs: s.at(-1) };
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The unpaid 402 of a POST route, decoded. */
const challengeOf = async (url) =>
  decodePaymentRequiredHeader(
    (
      await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      })
    ).headers.get("PAYMENT-REQUIRED"),
  );

/** Probes /health every 10 ms until `until`; the latency of each probe. */
async function probeHealth(url, until) {
  const times = [];
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(`${url}/health`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    await sleep(10);
  }
  return times;
}

const service = await startProcess([`${HERE}../dist/main.js`], {
  PORT: "0",
  OFAC_REFRESH_MINUTES: "10080",
  LOG_REQUESTS: "0",
});
const results = {};
try {
  const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
  const payer = payerOf(devnet.payers[0].privateKey);
  const junk = JSON.stringify(Array.from({ length: JUNK_ADDRESSES }, () => 1));
  const routeBody = JSON.stringify({
    addresses: Array.from({ length: ROUTE_JUNK_ADDRESSES }, () => 1),
  });

  // Reference: /health with nothing else going on.
  await probeHealth(service.url, performance.now() + 2000);
  const idle = summary(await probeHealth(service.url, performance.now() + 5000));

  // (e) The attack: a warm-up as long as the measured run (the heap grows to its working size
  // under this load, then levels off), then the measured run.
  const batchPath = "/api/workflows/compliance/batch-wallet-screen";
  const challenge = await challengeOf(`${service.url}${batchPath}`);
  const mcpBody = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"batch_wallet_screen","arguments":{"addresses":${junk}}}}`;
  const attack = async (seconds) => {
    // Each route attacker replays one authorization, never settled, with as much junk as the
    // route's body limit lets through.
    const signatures = await Promise.all(
      Array.from({ length: 4 }, async () =>
        encodePaymentSignatureHeader(await payer.createPaymentPayload(challenge)),
      ),
    );
    const stats = { requests: 0, largestAnswerBytes: 0, byStatus: {} };
    const record = async (res) => {
      const bytes = (await res.arrayBuffer()).byteLength;
      stats.requests++;
      stats.largestAnswerBytes = Math.max(stats.largestAnswerBytes, bytes);
      stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
    };
    const until = performance.now() + seconds * 1000;
    const rss = [];
    const attackers = [
      ...Array.from({ length: 4 }, async () => {
        while (performance.now() < until) {
          await record(
            await fetch(`${service.url}/mcp`, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                Accept: "application/json, text/event-stream",
              },
              body: mcpBody,
            }),
          );
        }
      }),
      ...signatures.map(async (signature) => {
        while (performance.now() < until) {
          await record(
            await fetch(`${service.url}${batchPath}`, {
              method: "POST",
              headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": signature },
              body: routeBody,
            }),
          );
        }
      }),
    ];
    const memory = (async () => {
      while (performance.now() < until) {
        rss.push(rssMb(service.child.pid));
        await sleep(250);
      }
    })();
    const [health] = await Promise.all([probeHealth(service.url, until), ...attackers, memory]);
    // RSS swings by ±20% with the collector's cycle under this load: compare the medians of the
    // first and the last quarter of the samples rather than two instants.
    const quarter = Math.max(1, Math.floor(rss.length / 4));
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return {
      health: summary(health),
      rssFirstQuarterMb: median(rss.slice(0, quarter)),
      rssLastQuarterMb: median(rss.slice(-quarter)),
      rssPeakMb: Math.max(...rss),
      ...stats,
    };
  };
  await attack(ATTACK_SECONDS);
  const measured = await attack(ATTACK_SECONDS);
  const rssBefore = measured.rssFirstQuarterMb;
  const rssAfter = measured.rssLastQuarterMb;
  results.amplification = {
    seconds: ATTACK_SECONDS,
    attackers: 8,
    mcpJunkAddresses: JUNK_ADDRESSES,
    routeJunkAddresses: ROUTE_JUNK_ADDRESSES,
    healthIdle: idle,
    rssBeforeMb: rssBefore,
    rssAfterMb: rssAfter,
    rssGrowthPercent: (100 * (rssAfter - rssBefore)) / rssBefore,
    ...measured,
  };

  // (f) One authorization, 20 requests at once, on the PDF route.
  const pdfPath = "/api/tools/report/pdf/generate";
  const pdfChallenge = await challengeOf(`${service.url}${pdfPath}`);
  const signature = encodePaymentSignatureHeader(
    await payerOf(devnet.payers[1].privateKey).createPaymentPayload(pdfChallenge),
  );
  const report = JSON.stringify({
    report_meta: { report_type: "race", title: "One authorization, twenty requests" },
    tables: {
      rows: {
        columns: Array.from({ length: 10 }, (_, i) => `c${i}`),
        rows: Array.from({ length: 2000 }, (_, r) =>
          Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, `r${r} c${i}`])),
        ),
      },
    },
  });
  // The render pool's counters (a development endpoint; null where a service has none).
  const renderStats = async () => {
    const res = await fetch(`${service.url}/dev/stats.json`);
    return res.ok ? (await res.json()).renders : null;
  };
  const statsBefore = await renderStats();
  const raced = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const t = performance.now();
      const res = await fetch(`${service.url}${pdfPath}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": signature },
        body: report,
      });
      const body = await res.text();
      return { status: res.status, ms: performance.now() - t, body };
    }),
  );
  // Let any render that started finish before reading the counters.
  await sleep(500);
  const statsAfter = await renderStats();
  const refused = raced.filter((r) => r.status === 402);
  results.race = {
    requests: 20,
    ok: raced.filter((r) => r.status === 200).length,
    refused: refused.length,
    refusalReasons: [...new Set(refused.map((r) => JSON.parse(r.body).error))],
    rendersStarted: statsAfter === null ? null : statsAfter.started - statsBefore.started,
    refusalLatency: summary(refused.map((r) => r.ms)),
    paidLatencyMs: raced.find((r) => r.status === 200)?.ms,
  };
} finally {
  service.child.kill("SIGTERM");
}

if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
else {
  const a = results.amplification;
  const f = (x) => `p50 ${x.p50Ms.toFixed(1)} ms, p99 ${x.p99Ms.toFixed(1)} ms`;
  console.log(`Attacks on the API, Node ${process.version}; service in its own process`);
  console.log(
    `(e) ${a.attackers} amplification attackers for ${a.seconds} s after as long a warm-up (MCP: ${a.mcpJunkAddresses} junk addresses unpaid; route: ${a.routeJunkAddresses} with a replayed authorization; ${a.requests} calls ${JSON.stringify(a.byStatus)}, largest answer ${a.largestAnswerBytes} bytes):`,
  );
  console.log(
    `    /health under attack ${f(a.health)} (target p99 ≤ 50 ms); idle reference ${f(a.healthIdle)}`,
  );
  console.log(
    `    RSS (median of the first → last quarter of the run, sampled every 250 ms) ${a.rssBeforeMb.toFixed(0)} MB → ${a.rssAfterMb.toFixed(0)} MB (${a.rssGrowthPercent.toFixed(1)}%, target ≤ 10%), peak ${a.rssPeakMb.toFixed(0)} MB`,
  );
  const r = results.race;
  console.log(
    `(f) 20 concurrent uses of one authorization on the PDF route: ${r.rendersStarted} render(s) started (target 1), ${r.ok} answered 200, ${r.refused} refused ${JSON.stringify(r.refusalReasons)} in ${f(r.refusalLatency)}, max ${r.refusalLatency.maxMs?.toFixed(1)} ms (target ≤ 50 ms); the paid one took ${r.paidLatencyMs?.toFixed(0)} ms`,
  );
}
