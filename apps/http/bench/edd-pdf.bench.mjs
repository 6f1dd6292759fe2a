#!/usr/bin/env node
// edd-pdf.bench.mjs: the paid EDD memo as a PDF (`POST /api/workflows/compliance/edd-report`,
// `output_format: "pdf"`), on the real 2025-11-19 edition, with the service as deployed in its
// own process paying through its local devnet (2-s blocks, as Base). Settlement runs after the
// answer (`X402_SETTLEMENT=after-response`), so a call's time is the service's work (the 402, the
// payment's verification, the screening, the memo, the render, the base64 answer), not the
// wait for a block.
//
// (1) 10 addresses, warm: 20 round trips (unpaid call → 402 → sign → paid call) after a warm-up,
//     p50/p99, in RUNS runs (the median of their p50s); beside it, in the same run, the renderer
//     alone: the same memo (the report the JSON answer carries) rendered as a PDF in this process
//     by @svc/renderers' `renderPdf`, warm.
// (2) 100 addresses: a few paid round trips, their median; the renderer alone beside it.
// (3) The first call after a fresh start (the service says it is listening, /ready answers 200):
//     a few fresh starts, the median first round trip, against the warm p50 of (1).
// The service's peak resident memory (VmHWM) is printed beside its figures, and the load average.
//
//   node bench/edd-pdf.bench.mjs [--json] [--starts N]   (after `pnpm build`)
import { loadavg } from "node:os";
import { renderPdf } from "@svc/renderers";
import { parseReport } from "@svc/report-model";
import { payerOf } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { cleanUp, startService, stopping } from "./bench-processes.mjs";
import { payHistory } from "./payer-history.mjs";
import { quantile } from "./service-process.mjs";

const EDITION = new URL(
  "../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
  import.meta.url,
).pathname;
const EDD_PATH = "/api/workflows/compliance/edd-report";
/** Addresses the 2025-11-19 edition lists (ETH, XBT, USDT), with Latin, Han and Hangul names. */
const LISTED = [
  "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
  "1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY",
  "TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq",
  "0xb6f5ec1a0a9cd1526536d3f0426c429529471f40",
];
const numberArg = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = 20;
const RUNS = 3;
const WARM_UP_CALLS = 5;
const LARGE_CALLS = 5;
const RENDERS = 9;
const FRESH_STARTS = numberArg("--starts", 3);
/**
 * A payer's history (USDC base units) before its memos, which it may then owe answered first: 20
 * memos at $0.25, more than are ever unsettled at once (sequential calls of a few hundred ms,
 * each settled in a 2-s block; what settles adds to the history).
 */
const EDD_HISTORY = 20n * 250_000n;
/** The targets. */
const TARGET_P50_MS = 300;
const TARGET_LARGE_MS = 1_000;
const TARGET_FIRST_RATIO = 2;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** `count` addresses: every third one listed, the others clear lower-case 0x addresses. */
function addresses(count) {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? LISTED[(i / 3) % LISTED.length]
      : `0x${((i + 1) * 2654435761).toString(16).padStart(40, "7").slice(-40)}`,
  );
}

const eddBody = (count, outputFormat) =>
  JSON.stringify({
    subject_name: "Northwind OTC Ltd",
    addresses: addresses(count),
    output_format: outputFormat,
    case_name: "EDD - Northwind OTC onboarding",
    review_reason: "Onboarding of a new OTC counterparty",
    jurisdiction: "United States",
    requested_by: "Compliance Operations",
    reference_id: "CASE-2026-0142",
  });

/**
 * One paid EDD round trip, timed whole: the unpaid call (402), the signature, the paid call.
 * Throws unless the paid call is answered 200 and settled after its answer.
 */
async function paidEdd(url, payer, body) {
  const init = { method: "POST", headers: { "content-type": "application/json" }, body };
  const t0 = performance.now();
  const challenge = await fetch(`${url}${EDD_PATH}`, init);
  await challenge.arrayBuffer();
  if (challenge.status !== 402) throw new Error(`unpaid call: ${challenge.status}, not 402`);
  const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED"));
  const signature = encodePaymentSignatureHeader(await payer.createPaymentPayload(required));
  const t1 = performance.now();
  const res = await fetch(`${url}${EDD_PATH}`, {
    ...init,
    headers: { ...init.headers, "PAYMENT-SIGNATURE": signature },
  });
  const text = await res.text();
  const t2 = performance.now();
  if (res.status !== 200) throw new Error(`paid call: ${res.status} ${text.slice(0, 300)}`);
  if (res.headers.get("X-Payment-Status") !== "pending") {
    throw new Error("the paid call settled before its answer; after-response was asked for");
  }
  return { wholeMs: t2 - t0, paidMs: t2 - t1, bytes: Buffer.byteLength(text), answer: text };
}

/** A fresh service on the real edition, settling after the answer; resolves once /ready is 200. */
async function freshService(name) {
  const service = await startService(name, {
    X402_SETTLEMENT: "after-response",
    // A memo's 30-s budget and the default 30 s left for settling fill the whole 60-s
    // authorization, so no memo would be answered first: leave 20 (several 2-s blocks).
    X402_DEFERRED_SETTLE_SECONDS: "20",
    DEVNET_BLOCK_TIME: "2",
    OFAC_SOURCE: EDITION,
    OFAC_SAMPLE_FALLBACK: "0",
  });
  const listening = performance.now();
  for (;;) {
    const res = await fetch(`${service.url}/ready`);
    await res.arrayBuffer();
    if (res.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyAfterListeningMs = performance.now() - listening;
  const devnet = await (await fetch(`${service.url}/dev/devnet.json`)).json();
  const payer = payerOf(devnet.payers[0].privateKey);
  // Every memo answered first: the payer has paid as much before, settled, in screenings (they
  // leave the memo's path and its renderer cold for the first call measured).
  await payHistory(service.url, payer, { amount: EDD_HISTORY });
  return { service, payer, readyAfterListeningMs };
}

/** The memo's report (from the JSON answer) rendered as a PDF in this process: warm median. */
async function rendererAlone(url, payer, count) {
  const { answer } = await paidEdd(url, payer, eddBody(count, "json"));
  const report = parseReport(JSON.parse(answer).report, { accept: ["A"] });
  await renderPdf(report); // warm-up: module init, fonts, JIT
  const times = [];
  let size = 0;
  for (let i = 0; i < RENDERS; i++) {
    const t = performance.now();
    const doc = await renderPdf(report);
    times.push(performance.now() - t);
    size = doc.bytes.byteLength;
  }
  return { medianMs: median(times), minMs: Math.min(...times), size };
}

async function main() {
  const json = process.argv.includes("--json");
  console.log("EDD memo as PDF, paid, on the devnet (settlement after the answer, 2-s blocks)");
  console.log(`  edition ${EDITION.split("/").at(-1)}; load average at start ${load()}`);

  // (3) First calls after fresh starts; the last service stays up for (1) and (2).
  const firsts = [];
  let kept;
  for (let i = 0; i < FRESH_STARTS; i++) {
    const fresh = await freshService(`fresh-${i + 1}`);
    const first = await paidEdd(fresh.service.url, fresh.payer, eddBody(10, "pdf"));
    const second = await paidEdd(fresh.service.url, fresh.payer, eddBody(10, "pdf"));
    firsts.push({
      firstMs: first.wholeMs,
      secondMs: second.wholeMs,
      readyAfterListeningMs: fresh.readyAfterListeningMs,
    });
    if (i === FRESH_STARTS - 1) kept = fresh;
    else await fresh.service.stop();
  }
  const { service, payer } = kept;
  const url = service.url;

  // (1) 10 addresses, warm.
  for (let i = 0; i < WARM_UP_CALLS; i++) await paidEdd(url, payer, eddBody(10, "pdf"));
  const runs = [];
  let answerBytes = 0;
  for (let r = 0; r < RUNS; r++) {
    const whole = [];
    const paid = [];
    for (let i = 0; i < CALLS; i++) {
      const x = await paidEdd(url, payer, eddBody(10, "pdf"));
      whole.push(x.wholeMs);
      paid.push(x.paidMs);
      answerBytes = x.bytes;
    }
    whole.sort((a, b) => a - b);
    paid.sort((a, b) => a - b);
    runs.push({
      p50Ms: quantile(whole, 0.5),
      p99Ms: quantile(whole, 0.99),
      paidP50Ms: quantile(paid, 0.5),
    });
  }
  const warmP50 = median(runs.map((r) => r.p50Ms));
  const render10 = await rendererAlone(url, payer, 10);

  // (2) 100 addresses.
  const large = [];
  let largeBytes = 0;
  await paidEdd(url, payer, eddBody(100, "pdf"));
  for (let i = 0; i < LARGE_CALLS; i++) {
    const x = await paidEdd(url, payer, eddBody(100, "pdf"));
    large.push(x.wholeMs);
    largeBytes = x.bytes;
  }
  const render100 = await rendererAlone(url, payer, 100);
  const peakRssMb = service.peakRssMb();
  const firstMedian = median(firsts.map((f) => f.firstMs));

  const result = {
    loadAverage: loadavg(),
    warm10: { runs, p50Ms: warmP50, answerBytes, renderer: render10 },
    large100: {
      calls: large,
      medianMs: median(large),
      answerBytes: largeBytes,
      renderer: render100,
    },
    fresh: { starts: firsts, firstMedianMs: firstMedian, ratio: firstMedian / warmP50 },
    servicePeakRssMb: peakRssMb,
  };
  if (json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const mark = (ok) => (ok ? "✓" : "✗");
  console.log(
    `\n  (1) 10 addresses, warm: ${RUNS} runs of ${CALLS} round trips after ${WARM_UP_CALLS} warm-up calls (answer ${(answerBytes / 1024).toFixed(0)} KB)`,
  );
  for (const [i, r] of runs.entries()) {
    console.log(
      `      run ${i + 1}: p50 ${fmt(r.p50Ms).padStart(7)}   p99 ${fmt(r.p99Ms).padStart(7)}   (paid call alone p50 ${fmt(r.paidP50Ms)})`,
    );
  }
  console.log(
    `      median p50 ${fmt(warmP50)}   target ≤ ${TARGET_P50_MS} ms ${mark(warmP50 <= TARGET_P50_MS)}`,
  );
  console.log(
    `      reference, the renderer alone (same memo, renderPdf in this process, warm): median ${fmt(render10.medianMs)} (min ${fmt(render10.minMs)}, ${(render10.size / 1024).toFixed(0)} KB PDF)`,
  );
  console.log(
    `\n  (2) 100 addresses: ${LARGE_CALLS} round trips after one warm-up (answer ${(largeBytes / 1024).toFixed(0)} KB): ${large.map((x) => x.toFixed(0)).join(", ")} ms`,
  );
  console.log(
    `      median ${fmt(median(large))}   target ≤ ${TARGET_LARGE_MS} ms ${mark(median(large) <= TARGET_LARGE_MS)}`,
  );
  console.log(
    `      reference, the renderer alone: median ${fmt(render100.medianMs)} (min ${fmt(render100.minMs)}, ${(render100.size / 1024).toFixed(0)} KB PDF)`,
  );
  console.log(
    `\n  (3) first call after a fresh start (listening, /ready 200), ${FRESH_STARTS} starts:`,
  );
  for (const [i, f] of firsts.entries()) {
    console.log(
      `      start ${i + 1}: first ${fmt(f.firstMs).padStart(7)}   second ${fmt(f.secondMs).padStart(7)}   (/ready 200 ${fmt(f.readyAfterListeningMs)} after "listening")`,
    );
  }
  console.log(
    `      median first ${fmt(firstMedian)} = ${(firstMedian / warmP50).toFixed(2)} × the warm p50   target ≤ ${TARGET_FIRST_RATIO} × ${mark(firstMedian <= TARGET_FIRST_RATIO * warmP50)}`,
  );
  console.log(`\n  service peak RSS ${peakRssMb.toFixed(0)} MB; load average at the end ${load()}`);
}

try {
  await main();
} catch (error) {
  if (!stopping()) {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
