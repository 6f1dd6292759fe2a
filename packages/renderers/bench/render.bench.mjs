// Renderer benchmarks (`pnpm bench`): every case runs in a fresh process that renders once to
// warm up, then N times; it reports the median, min, max and the process's peak RSS. Beside
// them, in the same run: a naive react-pdf table (react-pdf's own pagination, fixed header,
// page-number callback: the straightforward way) and the event-loop delay of rendering on the
// main thread, against which the worker pool's delay is measured. Then the first render of a fresh
// process or pool against its tenth: on the calling thread, through a pool whose workers do not
// warm up (the reference), and through a pool that warms its workers up (`await pool.warm()`)
// before the first render. Speed is printed, not asserted.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const DIST = new URL("../dist/", import.meta.url);

const CASES = {
  a: { label: "(a) EDD memo, 100-row table → PDF", runs: 7, target: "≤ 250 ms" },
  "ref-a": { label: "    reference: naive react-pdf table, 100 rows", runs: 3 },
  b: { label: "(b) 1,000 rows × 5 columns → PDF", runs: 5, target: "≤ 1,000 ms, ≤ 250 MB" },
  "ref-b": { label: "    reference: naive react-pdf table, 1,000 rows", runs: 2 },
  c: { label: "(c) 3 sheets × 10,000 rows → XLSX", runs: 5, target: "≤ 1,000 ms" },
  d: { label: "(d) 1,000 rows → DOCX", runs: 7, target: "≤ 400 ms" },
};

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function fixtures() {
  return import(new URL("test-support/sample-reports.js", DIST).href);
}

/** The straightforward react-pdf table: one flowing page, a fixed header, a page-number render prop. */
async function naivePdf(report) {
  const React = (await import("react")).default;
  const { Document, Page, Text, View, renderToBuffer, StyleSheet } = await import(
    "@react-pdf/renderer"
  );
  const h = React.createElement;
  const s = StyleSheet.create({
    page: { padding: 32, fontSize: 8 },
    row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#ccc" },
    cell: { flex: 1, padding: 2 },
  });
  const table = report.tables.at(-1);
  return renderToBuffer(
    h(
      Document,
      null,
      h(
        Page,
        { size: "A4", style: s.page },
        h(Text, null, report.meta.title),
        h(
          View,
          { style: s.row, fixed: true },
          ...table.columns.map((c) => h(Text, { key: c, style: s.cell }, c)),
        ),
        ...table.rows.map((r, i) =>
          h(
            View,
            { key: i, style: s.row, wrap: false },
            ...r.map((v, j) => h(Text, { key: j, style: s.cell }, String(v ?? ""))),
          ),
        ),
        h(Text, {
          fixed: true,
          render: ({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`,
        }),
      ),
    ),
  );
}

async function child(name) {
  const f = await fixtures();
  const lib = await import(new URL("index.js", DIST).href);
  const job = {
    a: () => lib.renderPdf(f.eddMemoReport(100)),
    "ref-a": () => naivePdf(f.tableReport(100)),
    b: () => lib.renderPdf(f.tableReport(1000)),
    "ref-b": () => naivePdf(f.tableReport(1000)),
    c: () => lib.renderXlsx(f.workbookReport(3, 10_000)),
    d: () => lib.renderDocx(f.tableReport(1000)),
  }[name];
  await job(); // warm-up: module init, fonts, JIT
  const times = [];
  let size = 0;
  for (let i = 0; i < CASES[name].runs; i++) {
    const t = performance.now();
    const out = await job();
    times.push(performance.now() - t);
    size = (out.bytes ?? out).byteLength;
  }
  process.stdout.write(
    JSON.stringify({ times, size, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

/** Event-loop delay while 6 × 1,000-row PDFs render: on this thread, then through the pool. */
async function loopDelay() {
  const f = await fixtures();
  const lib = await import(new URL("index.js", DIST).href);
  const report = f.tableReport(1000);
  // A 1 ms ticker records every gap it actually sees between turns of the loop; a blocked loop
  // shows up as one long gap when it finally turns (monitorEventLoopDelay cannot sample then).
  const measure = async (work) => {
    const gaps = [];
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 1);
    const t = performance.now();
    await work();
    const wall = performance.now() - t;
    await new Promise((r) => setTimeout(r, 10)); // let the ticker see the last gap
    clearInterval(ticker);
    const sorted = gaps.sort((x, y) => x - y);
    const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    return { p50: pct(50), p99: pct(99), max: sorted.at(-1), wall, ticks: sorted.length };
  };
  await lib.renderPdf(report);
  const direct = await measure(async () => {
    for (let i = 0; i < 6; i++) await lib.renderPdf(report);
  });
  const pool = new lib.RenderPool({ threads: 1 });
  await pool.render("pdf", report); // warm the worker
  const pooled = await measure(() =>
    Promise.all(Array.from({ length: 6 }, () => pool.render("pdf", report))),
  );
  await pool.close();
  process.stdout.write(JSON.stringify({ direct, pooled }));
}

/** The renders per type timed in a fresh process or pool: the first is compared with the last. */
const FIRST_VS_TENTH_RENDERS = 10;
/** Fresh processes per mode; the figures are their medians. */
const FIRST_VS_TENTH_STARTS = 3;
const FIRST_VS_TENTH_MODES = {
  direct: "on the calling thread, fresh process",
  "pool-cold": "RenderPool({ warmUp: false }) (reference)",
  "pool-warm": "RenderPool() after await pool.warm()",
};

/**
 * In a fresh process: a 10-address EDD memo rendered 10 times as PDF, then DOCX, then XLSX,
 * each render timed, on this thread or through a one-worker pool (warming up or not). For the
 * pools, how long the start took until `warm()` resolved.
 */
async function firstVsTenth(mode) {
  const f = await fixtures();
  const t0 = performance.now();
  const lib = await import(new URL("index.js", DIST).href);
  const report = f.eddMemoReport(10);
  let render = (type) => lib.renderDocument(type, report);
  let pool;
  if (mode !== "direct") {
    pool = new lib.RenderPool({ threads: 1, warmUp: mode === "pool-warm" });
    await pool.warm();
    render = (type) => pool.render(type, report);
  }
  const startMs = performance.now() - t0;
  const times = {};
  for (const type of ["pdf", "docx", "xlsx"]) {
    times[type] = [];
    for (let i = 0; i < FIRST_VS_TENTH_RENDERS; i++) {
      const t = performance.now();
      await render(type);
      times[type].push(performance.now() - t);
    }
  }
  await pool?.close();
  process.stdout.write(
    JSON.stringify({ startMs, times, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

function runChild(args) {
  const r = spawnSync(process.execPath, [SELF, ...args], { encoding: "utf8", maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

const fmt = (n, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  console.log("@svc/renderers benchmark");
  console.log(`  node ${process.version}, ${cpus()[0]?.model ?? "cpu"} × ${cpus().length}`);
  console.log(
    "  warm timings: each case in a fresh process, one warm-up render, then N timed renders\n",
  );
  console.log(
    `  ${"case".padEnd(50)} ${"median".padStart(9)} ${"min".padStart(8)} ${"max".padStart(8)} ${"peak RSS".padStart(9)} ${"size".padStart(9)}  target`,
  );
  for (const [name, c] of Object.entries(CASES)) {
    const r = runChild(["--case", name]);
    console.log(
      `  ${c.label.padEnd(50)} ${`${fmt(median(r.times))} ms`.padStart(9)} ${`${fmt(Math.min(...r.times))}`.padStart(8)} ${`${fmt(Math.max(...r.times))}`.padStart(8)} ${`${fmt(r.maxRssMb)} MB`.padStart(9)} ${`${fmt(r.size / 1024)} KB`.padStart(9)}  ${c.target ?? ""}`,
    );
  }
  const d = runChild(["--loop-delay"]);
  console.log(
    "\n  event-loop delay (gaps between turns of a 1 ms timer) while 6 × 1,000-row PDFs render (target: pool p99 ≤ 20 ms)",
  );
  for (const [label, x] of [
    ["on the main thread (reference)", d.direct],
    ["through RenderPool (1 worker)", d.pooled],
  ]) {
    console.log(
      `  ${label.padEnd(34)} p50 ${fmt(x.p50, 1).padStart(7)} ms   p99 ${fmt(x.p99, 1).padStart(7)} ms   max ${fmt(x.max, 1).padStart(7)} ms   wall ${fmt(x.wall)} ms   ticks ${x.ticks}`,
    );
  }
  console.log(
    `\n  first render vs tenth, 10-address EDD memo, 10 renders each of PDF, DOCX, XLSX in that order; median of ${FIRST_VS_TENTH_STARTS} fresh processes (target: first ≤ 2 × tenth)`,
  );
  console.log(
    `  ${"".padEnd(44)} ${"start".padStart(8)}  ${["pdf", "docx", "xlsx"].map((t) => `${t} 1st / 10th`.padStart(19)).join("")} ${"peak RSS".padStart(9)}`,
  );
  for (const [mode, label] of Object.entries(FIRST_VS_TENTH_MODES)) {
    const runs = Array.from({ length: FIRST_VS_TENTH_STARTS }, () =>
      runChild(["--first-vs-tenth", mode]),
    );
    const cells = ["pdf", "docx", "xlsx"].map((type) => {
      const first = median(runs.map((r) => r.times[type][0]));
      const tenth = median(runs.map((r) => r.times[type].at(-1)));
      return `${fmt(first)} / ${fmt(tenth)} ms (${fmt(first / tenth, 1)}×)`.padStart(19);
    });
    console.log(
      `  ${label.padEnd(44)} ${`${fmt(median(runs.map((r) => r.startMs)))} ms`.padStart(8)}  ${cells.join("")} ${`${fmt(median(runs.map((r) => r.maxRssMb)))} MB`.padStart(9)}`,
    );
  }
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
}

const [flag, name] = process.argv.slice(2);
if (flag === "--case") await child(name);
else if (flag === "--loop-delay") await loopDelay();
else if (flag === "--first-vs-tenth") await firstVsTenth(name);
else await main();
