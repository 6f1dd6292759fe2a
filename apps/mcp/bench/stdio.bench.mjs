#!/usr/bin/env node
// stdio.bench.mjs: tools/call round trips of ofac_wallet_screen to the standalone bin over stdio
// (the client spawning `node dist/main.js`, as Claude Desktop or Cursor do), per generation of
// the protocol: 2025-11-25 (the SDK 1.x client, the `initialize` handshake) and 2026-07-28 (the
// SDK 2 client pinned to it: `server/discover`, then the `_meta` envelope on every request).
// Sequential: WARM warm-up calls, then CALLS measured, in RUNS fresh processes; p50/p90/p99 are
// the median across the runs, and the server's peak RSS (VmHWM) the largest. Beside them, in the
// same run, the same server code and call in this process, per generation: 2025 over the SDK's
// InMemoryTransport, 2026 over streamable HTTP answered by the hosts' handler
// (`createMcpHttpHandler`) through the client's `fetch`, with no socket. What is left between a
// stdio row and its reference is the cost of the transport and the process boundary. The rows'
// runs are interleaved, so that every row sees the same conditions.
//
//   node bench/stdio.bench.mjs [--calls N] [--warm N] [--runs N]   (after `pnpm build`)
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { StdioClientTransport as LegacyStdioTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { startComplianceRuntime } from "@svc/compliance/node";
import { createMcpHttpHandler, createMcpServer } from "@svc/mcp-server";
import { loadListConfig } from "@svc/ofac-index/node";
import {
  connectHttp,
  connectLinked,
  legacyClient,
  modernClient,
} from "@svc/test-support/mcp-client";

const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
/** Bounded: at most 20,000 calls and 1,000 warm-up calls a run, at most 9 runs. */
const bounded = (value, max, name) => {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`--${name} must be an integer from 1 to ${max}`);
  }
  return value;
};
const CALLS = bounded(flag("calls", 500), 20_000, "calls");
const WARM = bounded(flag("warm", 20), 1_000, "warm");
const RUNS = bounded(flag("runs", 3), 9, "runs");
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const CALL = {
  name: "ofac_wallet_screen",
  arguments: { address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96" },
};
const IDENTITY = { name: "svc-mcp-bench", version: "1.0.0" };

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

/** How the bin is spawned, for either client's stdio transport. */
const bin = () => ({
  command: process.execPath,
  args: [MAIN],
  env: { OFAC_REFRESH_MINUTES: "10080" },
  stderr: "ignore",
});

/** One fresh `svc-mcp` process over stdio, the client of `generation` driving it. */
async function stdioRun(generation) {
  const [client, transport] =
    generation === "2025-11-25"
      ? [legacyClient(IDENTITY), new LegacyStdioTransport(bin())]
      : [modernClient(IDENTITY), new ModernStdioTransport(bin())];
  await client.connect(transport);
  try {
    const times = await measure(client);
    return { ...summary(times), rssMb: peakRssMb(transport.pid) };
  } finally {
    await client.close();
  }
}

/** The list the in-process servers screen against (one runtime for the whole bench). */
let runtime;

/** 2025-11-25: the same server code in this process, over the SDK's in-memory transport. */
async function inMemoryRun() {
  const server = createMcpServer({ deps: runtime.deps });
  const client = await connectLinked(server, IDENTITY);
  try {
    return summary(await measure(client));
  } finally {
    await client.close();
    await server.close();
  }
}

/** 2026-07-28: the hosts' HTTP handler in this process, answering the client's `fetch`. */
async function inProcessHttpRun() {
  const handle = createMcpHttpHandler({ deps: runtime.deps });
  const client = await connectHttp("http://mcp.bench/mcp", "2026-07-28", {
    answer: handle,
    identity: IDENTITY,
  });
  try {
    return summary(await measure(client));
  } finally {
    await client.close();
  }
}

const ROWS = [
  { label: "2025-11-25 stdio: svc-mcp in its own process", run: () => stdioRun("2025-11-25") },
  { label: "2025-11-25 in-process: InMemoryTransport", run: inMemoryRun },
  { label: "2026-07-28 stdio: svc-mcp in its own process", run: () => stdioRun("2026-07-28") },
  { label: "2026-07-28 in-process: HTTP handler, no socket", run: inProcessHttpRun },
];

process.stderr.write(
  `tools/call ofac_wallet_screen, sequential: ${WARM} warm-up + ${CALLS} calls x ${RUNS} runs per row, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}\n`,
);
runtime = await startComplianceRuntime(loadListConfig({}), { refresh: false });
const results = ROWS.map(() => []);
try {
  for (let r = 0; r < RUNS; r++) {
    for (const [i, row] of ROWS.entries()) {
      const result = await row.run();
      results[i].push(result);
      process.stderr.write(
        `  ${row.label} run ${r + 1}/${RUNS}: p50 ${result.p50.toFixed(3)} ms, p99 ${result.p99.toFixed(3)} ms${result.rssMb === undefined ? "" : `, peak RSS ${result.rssMb.toFixed(0)} MB`}\n`,
      );
    }
  }
} finally {
  await runtime.stop();
}

const rows = ROWS.map((row, i) => {
  const of = (key) => median(results[i].map((r) => r[key]));
  const rss = results[i].map((r) => r.rssMb).filter((x) => x !== undefined);
  return {
    label: row.label,
    p50: of("p50"),
    p90: of("p90"),
    p99: of("p99"),
    perSecond: of("perSecond"),
    rssMb: rss.length === 0 ? undefined : Math.max(...rss),
  };
});

const header = [
  "generation and transport",
  "p50 ms",
  "p90 ms",
  "p99 ms",
  "calls/s",
  "server peak RSS",
];
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
  `\nmedian of ${RUNS} runs of ${CALLS} calls after ${WARM} warm-up per row, the rows' runs interleaved; peak RSS: the largest VmHWM of the server processes.`,
);
