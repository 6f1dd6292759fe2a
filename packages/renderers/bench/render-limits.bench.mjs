#!/usr/bin/env node
// render-limits.bench.mjs: the largest document of each type the service delivers within its
// deadline on this machine, which is where RENDER_LIMITS come from. One warm worker (the
// service's pool on 2 cores) renders a table of N rows × 20 columns whose cells fill the
// routes' 1 MiB body at that size (up to 40 characters each), N rising until a render fails or
// outlasts the 30-s deadline. Each size runs --runs times (default 3): the median time, the
// process's peak RSS, and the model of `RENDER_COST` (what admission expects) beside it.
//
//   node bench/render-limits.bench.mjs [--runs N] [--types pdf,docx,xlsx]   (after `pnpm build`)
import { loadavg } from "node:os";
import { parseReport } from "@svc/report-model";
import { estimateRenderMs, RENDER_LIMITS, RenderPool } from "../dist/pool.js";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("--runs", "3"));
const TYPES = arg("--types", "pdf,docx,xlsx").split(",");
const DEADLINE_MS = 30_000;
const MIB = 1024 * 1024;
const COLUMNS = 20;
const LADDER = {
  pdf: [1_000, 2_000, 5_000, 10_000],
  docx: [1_000, 2_000, 3_000, 5_000, 8_000, 10_000],
  xlsx: [5_000, 10_000, 25_000, 50_000],
};
const TEXT = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH";

/** N rows × 20 cells, each as long as a 1 MiB body allows at that size (1 to 40 characters). */
function body(rows) {
  const len = Math.max(1, Math.min(40, Math.floor((MIB - 2000) / (rows * COLUMNS)) - 3));
  const cell = (r, i) => `${r}-${i}-${TEXT}`.slice(0, len);
  return {
    report_meta: {
      report_type: "limits",
      title: "Limit probe",
      author: "bench",
      date: "2026-01-15",
    },
    tables: {
      t: {
        columns: Array.from({ length: COLUMNS }, (_, i) => `column ${i}`),
        rows: Array.from({ length: rows }, (_, r) =>
          Array.from({ length: COLUMNS }, (_, i) => cell(r, i)),
        ),
      },
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; limits now ${JSON.stringify(RENDER_LIMITS)}`,
);
for (const type of TYPES) {
  const pool = new RenderPool({ threads: 1 });
  await pool.warm();
  for (const rows of LADDER[type]) {
    const report = parseReport(body(rows), { accept: ["A"] });
    const cells = rows * COLUMNS;
    const times = [];
    let status = "ok";
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    for (let run = 0; run < RUNS && status === "ok"; run++) {
      const t = performance.now();
      try {
        // The limit check is the pool's: sizes above today's limits are rendered on the worker
        // through `renderDocument` directly, as a render admitted under a higher limit would be.
        if (rows > RENDER_LIMITS[type].rows || cells > RENDER_LIMITS[type].cells) {
          status = "over today's limit (not rendered)";
          break;
        }
        await pool.render(type, report, { signal: AbortSignal.timeout(DEADLINE_MS) });
        times.push(performance.now() - t);
      } catch (error) {
        status = error.code ?? error.message;
      }
    }
    clearInterval(sampler);
    const ms = times.length > 0 ? `${Math.round(median(times))} ms` : "-";
    console.log(
      `${type} ${rows} × ${COLUMNS} (${cells} cells): median ${ms} of ${times.length}, peak RSS ${Math.round(peak / MIB)} MB, model ${Math.round(estimateRenderMs(type, cells))} ms, ${status}; load ${loadavg()[0].toFixed(2)}`,
    );
    if (status !== "ok") break;
  }
  await pool.close();
}
