#!/usr/bin/env node
// stdio.bench.mjs: tools/call round trips of ofac_wallet_screen to the standalone bin over stdio
// (the SDK client spawning `node dist/main.js`, as Claude Desktop or Cursor do), sequential:
// WARM warm-up calls, then CALLS measured, in RUNS fresh processes; p50/p90/p99 are the median
// across the runs, and the server's peak RSS (VmHWM) the largest. Beside it, in the same run,
// the same server code and call in this process over the SDK's InMemoryTransport: what is left
// is the cost of the transport and the process boundary.
//
//   node bench/stdio.bench.mjs [--calls N] [--warm N] [--runs N]   (after `pnpm build`)
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { startComplianceRuntime } from "@svc/compliance/node";
import { createMcpServer } from "@svc/mcp-server";
import { loadListConfig } from "@svc/ofac-index/node";

const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = flag("calls", 500);
const WARM = flag("warm", 20);
const RUNS = flag("runs", 3);
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const CALL = {
  name: "ofac_wallet_screen",
  arguments: { address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96" },
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) /
  1024;

/** WARM calls, then CALLS timed one after the other: the sorted latencies in ms. */
async function measure(client) {
  for (let i = 0; i < WARM; i++) await call(client);
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call(client);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function call(client) {
  const result = await client.callTool(CALL);
  if (result.isError) throw new Error(`tool failed: ${JSON.stringify(result.structuredContent)}`);
}

const summary = (times) => ({
  p50: quantile(times, 0.5),
  p90: quantile(times, 0.9),
  p99: quantile(times, 0.99),
  perSecond: (1000 * times.length) / times.reduce((a, b) => a + b, 0),
});

/** One fresh `svc-mcp` process over stdio. */
async function stdioRun() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN],
    env: { OFAC_REFRESH_MINUTES: "10080" },
    stderr: "ignore",
  });
  const client = new Client({ name: "svc-mcp-bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    const times = await measure(client);
    return { ...summary(times), rssMb: peakRssMb(transport.pid) };
  } finally {
    await client.close();
  }
}

/** The same server code in this process, over the SDK's in-memory transport. */
async function inProcessRun() {
  const runtime = await startComplianceRuntime(loadListConfig({}), { refresh: false });
  const server = createMcpServer({ deps: runtime.deps });
  const client = new Client({ name: "svc-mcp-bench", version: "1.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    return summary(await measure(client));
  } finally {
    await client.close();
    await server.close();
    await runtime.stop();
  }
}

async function runs(label, fn) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await fn();
    results.push(r);
    process.stderr.write(
      `  ${label} run ${i + 1}/${RUNS}: p50 ${r.p50.toFixed(3)} ms, p99 ${r.p99.toFixed(3)} ms${r.rssMb === undefined ? "" : `, peak RSS ${r.rssMb.toFixed(0)} MB`}\n`,
    );
  }
  const of = (key) => median(results.map((r) => r[key]));
  const rss = results.map((r) => r.rssMb).filter((x) => x !== undefined);
  return {
    label,
    p50: of("p50"),
    p90: of("p90"),
    p99: of("p99"),
    perSecond: of("perSecond"),
    rssMb: rss.length === 0 ? undefined : Math.max(...rss),
  };
}

process.stderr.write(
  `tools/call ofac_wallet_screen, sequential: ${WARM} warm-up + ${CALLS} calls x ${RUNS} runs, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}\n`,
);
const rows = [
  await runs("stdio: svc-mcp in its own process", stdioRun),
  await runs("in-process: InMemoryTransport", inProcessRun),
];

const header = ["transport", "p50 ms", "p90 ms", "p99 ms", "calls/s", "server peak RSS"];
const cells = rows.map((r) => [
  r.label,
  r.p50.toFixed(3),
  r.p90.toFixed(3),
  r.p99.toFixed(3),
  r.perSecond.toFixed(0),
  r.rssMb === undefined ? "(this process)" : `${r.rssMb.toFixed(0)} MB`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (cols) =>
  `| ${cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
console.log(line(header));
console.log(
  `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
);
for (const c of cells) console.log(line(c));
console.log(
  `\nmedian of ${RUNS} runs of ${CALLS} calls after ${WARM} warm-up; peak RSS: the largest VmHWM of the server processes.`,
);
