#!/usr/bin/env node
import { batchWalletScreen, ofacWalletScreen } from "@svc/compliance";
import { createMcpHttpHandler, createMcpServer } from "@svc/mcp-server";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
// tools-call.bench.mjs: what the MCP layer costs. tools/call through the SDK's Client and the
// server of this package over the in-memory transport (JSON-RPC, valibot validation, the result
// with structured content and its JSON text), beside the same catalog operation called directly
// (the reference: the screening work alone), in the same run. Per generation of the protocol:
// 2025-11-25 (the SDK 1.x client over the in-memory transport) and 2026-07-28 (the SDK 2 client
// pinned to it, over streamable HTTP answered by this package's HTTP handler through the client's
// `fetch`, no socket). Sequential calls after a warm-up; medians of 5 rounds; peak RSS of this
// process.
//
//   node bench/tools-call.bench.mjs [--calls N]   (after `pnpm build`)
import { connectHttp, connectLinked } from "@svc/test-support/mcp-client";

const i = process.argv.indexOf("--calls");
const CALLS = i >= 0 ? Number(process.argv[i + 1]) : 2000;
const ROUNDS = 5;
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const BATCH = Array.from({ length: 100 }, (_, n) =>
  n % 10 === 0 ? LISTED : `0x${n.toString(16).padStart(40, "0")}`,
);

const deps = {
  list: await loadSample(),
  history: () => EMBEDDED_DCA_HISTORY,
  render: renderDocument,
};
const IDENTITY = { name: "bench", version: "1.0.0" };
const client = await connectLinked(createMcpServer({ deps }), IDENTITY);
const modern = await connectHttp("http://mcp.bench/mcp", "2026-07-28", {
  answer: createMcpHttpHandler({ deps }),
  identity: IDENTITY,
});

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function round(run) {
  for (let n = 0; n < 200; n++) await run();
  const times = [];
  for (let n = 0; n < CALLS; n++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

async function measure(run) {
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round(run));
  return { p50: median(rounds.map((x) => x.p50)), p99: median(rounds.map((x) => x.p99)) };
}

const tool = (by, name, args) => async () => {
  const r = await by.callTool({ name, arguments: args });
  if (r.isError) throw new Error(JSON.stringify(r.structuredContent));
};

const cases = [
  [
    "ofac_wallet_screen (1 address)",
    (by) => tool(by, "ofac_wallet_screen", { address: LISTED }),
    async () => ofacWalletScreen.run({ address: LISTED }, deps),
  ],
  [
    "batch_wallet_screen (100 addresses)",
    (by) => tool(by, "batch_wallet_screen", { addresses: BATCH }),
    async () => batchWalletScreen.run({ addresses: BATCH }, deps),
  ],
];

console.log(
  `MCP tools/call in-process, Node ${process.version}, ${CALLS} calls × ${ROUNDS} rounds`,
);
console.log("| case | tools/call p50 | p99 | operation alone p50 | p99 | MCP layer p50 |");
console.log("| --- | --- | --- | --- | --- | --- |");
const generations = [
  ["2025-11-25, in-memory", client],
  ["2026-07-28, HTTP handler", modern],
];
for (const [name, viaMcp, direct] of cases) {
  const d = await measure(direct);
  for (const [generation, by] of generations) {
    const m = await measure(viaMcp(by));
    const ms = (x) => `${x.toFixed(3)} ms`;
    console.log(
      `| ${name}, ${generation} | ${ms(m.p50)} | ${ms(m.p99)} | ${ms(d.p50)} | ${ms(d.p99)} | +${ms(m.p50 - d.p50)} |`,
    );
  }
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await client.close();
await modern.close();
