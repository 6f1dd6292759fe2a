#!/usr/bin/env node
// paid-roundtrip.bench.mjs: paid calls end to end on the local settlement stack: the client
// gets a 402, signs an EIP-3009 authorization, retries; the gate verifies through the
// facilitator, the handler runs, the facilitator settles (transaction mined on anvil), 200.
// Over a real loopback socket, with the facilitator in-process and over HTTP; p50/p90/p99 over
// 300 calls after 20 warm-up calls, and where the time goes (client signing, verify, settle).
//
//   node bench/paid-roundtrip.bench.mjs [--json]     (after `pnpm build`)
import { serve } from "@hono/node-server";
import { startDevnet } from "@svc/x402-devnet";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { Hono } from "hono";
import { privateKeyToAccount } from "viem/accounts";
import {
  baseTerms,
  createPaymentServer,
  httpFacilitator,
  PaymentGate,
  requirePayment,
} from "../dist/index.js";

const CALLS = 300;
const WARM = 20;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p90: quantile(s, 0.9), p99: quantile(s, 0.99), max: s.at(-1) };
};

/** A FacilitatorClient that times the calls it forwards (measurement only). */
function timed(facilitator, log) {
  const wrap =
    (name) =>
    async (...args) => {
      const t = performance.now();
      try {
        return await facilitator[name](...args);
      } finally {
        log[name].push(performance.now() - t);
      }
    };
  return {
    verify: wrap("verify"),
    settle: wrap("settle"),
    getSupported: () => facilitator.getSupported(),
  };
}

async function measure(devnet, label, facilitator) {
  const log = { verify: [], settle: [], sign: [] };
  const app = new Hono();
  const gate = new PaymentGate(
    createPaymentServer(timed(facilitator, log)),
    {
      price: "0.01",
      description: "bench",
      url: "http://127.0.0.1/api/screen",
      route: "/api/screen/:address",
      mimeType: "application/json",
    },
    baseTerms(devnet.payTo),
  );
  app.get("/api/screen/:address", requirePayment(gate), (c) =>
    c.json({ status: "clear", address: c.req.param("address") }),
  );
  const server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  const scheme = new ExactEvmScheme(
    privateKeyToAccount(devnet.payers[label === "in-process" ? 0 : 1].privateKey),
  );
  const sign = scheme.createPaymentPayload.bind(scheme);
  scheme.createPaymentPayload = async (...args) => {
    const t = performance.now();
    try {
      return await sign(...args);
    } finally {
      log.sign.push(performance.now() - t);
    }
  };
  const pay = wrapFetchWithPayment(fetch, new x402Client().register("eip155:8453", scheme));
  const totals = [];
  for (let i = 0; i < WARM + CALLS; i++) {
    const t = performance.now();
    const res = await pay(`${base}/api/screen/0x${i.toString(16).padStart(40, "0")}`);
    await res.arrayBuffer();
    if (res.status !== 200 || res.headers.get("PAYMENT-RESPONSE") === null)
      throw new Error(`call ${i}: ${res.status}`);
    if (i >= WARM) totals.push(performance.now() - t);
  }
  await new Promise((resolve) => server.close(resolve));
  const tail = (xs) => xs.slice(WARM);
  return {
    label,
    calls: CALLS,
    total: stats(totals),
    sign: stats(tail(log.sign)),
    verify: stats(tail(log.verify)),
    settle: stats(tail(log.settle)),
  };
}

const devnet = await startDevnet({ payers: 2, httpFacilitator: true });
try {
  const results = [
    await measure(devnet, "in-process", devnet.facilitator),
    await measure(devnet, "HTTP", httpFacilitator(devnet.facilitatorUrl)),
  ];
  if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
  else {
    console.log(
      `paid round trips on the local stack (anvil + USDC + facilitator), ${CALLS} calls after ${WARM} warm-up, Node ${process.version}`,
    );
    console.log(
      "facilitator    total p50   p90    p99    max  |  sign p50  verify p50  settle p50 (mined)",
    );
    for (const r of results) {
      const f = (x) => x.toFixed(1).padStart(6);
      console.log(
        `${r.label.padEnd(12)} ${f(r.total.p50)} ${f(r.total.p90)} ${f(r.total.p99)} ${f(r.total.max)}  | ${f(r.sign.p50)}   ${f(r.verify.p50)}     ${f(r.settle.p50)}`,
      );
    }
  }
} finally {
  await devnet.stop();
}
