#!/usr/bin/env node
// unpaid-challenge.bench.mjs: what an unpaid 402 costs the service, unsigned and with signed
// offers (x402 offer-receipt, JWS, EdDSA and ES256): every agent's first call, and what a flood
// of unpaid requests buys. Two request patterns per key: the same URL every time (the encoded
// challenge and its offers are reused), and a new URL every time (each request misses both
// caches: a flood varying the address or query string; with a key, one signature per request).
// In process through hono's `app.request` (no socket), the facilitator on the local devnet
// (asked once, for its capabilities); p50/p99 per request after a warm-up.
//
//   node bench/unpaid-challenge.bench.mjs [--json]     (after `pnpm build`)
import { generateSigningKey } from "@svc/attestations";
import { startDevnet } from "@svc/x402-devnet";
import { Hono } from "hono";
import { baseTerms, createPaymentServer, PaymentGate, requirePayment } from "../dist/index.js";

const CALLS = 20_000;
const WARM = 2_000;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function appFor(devnet, signingKey) {
  const gate = new PaymentGate(
    createPaymentServer(devnet.facilitator, { signingKey }),
    {
      price: "0.01",
      description: "bench",
      url: "http://svc.test/api/screen",
      route: "/api/screen/:address",
      mimeType: "application/json",
      discovery: { kind: "http-body", input: { address: "0x0" }, output: { example: {} } },
    },
    baseTerms(devnet.payTo),
    { transport: { method: "GET", adapter: undefined } },
  );
  const app = new Hono();
  app.get("/api/screen/:address", requirePayment(gate), (c) => c.json({ ok: true }));
  return app;
}

async function measure(app, newUrlEachTime) {
  const times = [];
  let startedAt = 0;
  for (let i = 0; i < WARM + CALLS; i++) {
    const address = newUrlEachTime ? i.toString(16).padStart(40, "0") : "0".repeat(40);
    const t = performance.now();
    const res = await app.request(`http://svc.test/api/screen/0x${address}`);
    await res.arrayBuffer();
    if (res.status !== 402) throw new Error(`call ${i}: ${res.status}`);
    if (i >= WARM) times.push((performance.now() - t) * 1000);
    if (i === WARM - 1) startedAt = performance.now();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    perSecond: CALLS / seconds,
  };
}

const devnet = await startDevnet({ payers: 1 });
try {
  const keys = [
    ["unsigned", undefined],
    ["EdDSA", await generateSigningKey()],
    ["ES256", await generateSigningKey({ algorithm: "ES256" })],
  ];
  const results = [];
  for (const [label, key] of keys) {
    const app = appFor(devnet, key);
    results.push({
      key: label,
      sameUrl: await measure(app, false),
      newUrl: await measure(app, true),
    });
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
  else {
    console.log(
      `unpaid 402 through requirePayment, in process, ${CALLS} requests after ${WARM} warm-up, Node ${process.version}`,
    );
    console.log(
      "key        | same URL  p50 µs  p99 µs   req/s | new URL each  p50 µs  p99 µs   req/s",
    );
    const f = (x) => x.toFixed(0).padStart(7);
    for (const r of results) {
      console.log(
        `${r.key.padEnd(10)} |          ${f(r.sameUrl.p50)} ${f(r.sameUrl.p99)} ${f(r.sameUrl.perSecond)} |              ${f(r.newUrl.p50)} ${f(r.newUrl.p99)} ${f(r.newUrl.perSecond)}`,
      );
    }
  }
} finally {
  await devnet.stop();
}
