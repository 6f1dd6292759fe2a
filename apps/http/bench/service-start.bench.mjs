#!/usr/bin/env node
// service-start.bench.mjs: what one start of the service costs, as deployed (its built main.js in
// its own process, the embedded ledger, offline defaults):
//
// (1) A fresh start (a new ledger directory) and a second start on the same directory: CPU
//     seconds (the process and its children) and peak resident memory (VmHWM) up to /ready, and
//     the time from spawning the process to /ready answering 200.
// (2) Resident memory at /ready, after one document of each type (PDF, DOCX, XLSX: render
//     workers started), and after --idle seconds without a request (default 70: workers stop
//     after RENDER_IDLE_SECONDS, 60 by default), with the default settings and RENDER_THREADS
//     1, 2 and 4 (never more than the cores less one: on 2 cores each is one worker).
// (3) The time from spawning to /ready with a stored snapshot of the real 2025-11-19 edition
//     (OFAC_SNAPSHOT_DIR filled by a first start that parsed the XML), against that first start.
//
// `--before <main.js>` measures another build beside this one in the same run, each case of
// each build in turn (say, a checkout of an earlier commit: the "before" of a change). Figures
// are the median of --runs runs (default 3) of each start; the load average is printed.
//
//   node bench/service-start.bench.mjs [--runs N] [--idle SECONDS] [--before PATH] [--json]
//   (after `pnpm build`)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    idle: { type: "string", default: "70" },
    before: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const IDLE_S = Number(values.idle);
const BUILDS = [
  { name: "this build", main: fileURLToPath(new URL("../dist/main.js", import.meta.url)) },
  ...(values.before === undefined ? [] : [{ name: "before", main: values.before }]),
];
const EDITION = fileURLToPath(
  new URL(
    "../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);
const READY_TIMEOUT_MS = 180_000;

const dirs = [];
const tempDir = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const children = new Set();
const cleanUp = () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
};
process.once("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const status = (pid) => readFileSync(`/proc/${pid}/status`, "utf8");
const kb = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status(pid))?.[1] ?? 0);
/** User + system CPU seconds of a process (clock ticks of 1/100 s), 0 once it is gone. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The CPU seconds of every process below a process (its devnet's anvil, the ledger's lock). */
function childrenCpu(pid) {
  let total = 0;
  try {
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ")) {
      if (task !== "") total += cpuOf(Number(task)) + childrenCpu(Number(task));
    }
  } catch {}
  return total;
}

/** Starts a build's main.js; resolves once /ready answers 200, with what the start cost. */
async function start(build, env) {
  const spawned = performance.now();
  const child = spawn(process.execPath, [build.main], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      FACILITATOR_URL: "",
      SVC_MODE: "",
      PORT: "0",
      LOG_REQUESTS: "0",
      OFAC_REFRESH_MINUTES: "10080",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.stderr.resume();
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${output}`)), READY_TIMEOUT_MS);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /svc API listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  for (;;) {
    const ready = await fetch(`${url}/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (performance.now() - spawned > READY_TIMEOUT_MS) throw new Error("never ready");
    await sleep(20);
  }
  const readyMs = performance.now() - spawned;
  return {
    child,
    url,
    readyMs,
    cpuS: cpuOf(child.pid),
    childrenCpuS: childrenCpu(child.pid),
    peakMb: kb(child.pid, "VmHWM") / 1024,
    rssMb: kb(child.pid, "VmRSS") / 1024,
  };
}

async function stop(started) {
  started.child.kill("SIGTERM");
  await once(started.child, "exit");
  children.delete(started.child);
}

const REPORT = {
  report_meta: { title: "Start bench", author: "bench", date: "2026-01-15" },
  tables: { t: { columns: ["a", "b"], rows: [[1, "x"]] } },
};
/**
 * One paid document of each type (PDF first: the first render after the start), paid by the
 * service's own devnet's first payer; the milliseconds of each round trip (402, sign, answer).
 */
async function renderEach(url) {
  const devnet = await (await fetch(`${url}/dev/devnet.json`)).json();
  const pay = payingNetworkFetch(devnet.payers[0].privateKey);
  const times = {};
  for (const type of ["pdf", "docx", "xlsx"]) {
    const t0 = performance.now();
    const res = await pay(`${url}/api/tools/report/${type}/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(REPORT),
    });
    if (res.status !== 200) throw new Error(`render ${type}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times[type] = performance.now() - t0;
  }
  return times;
}

const results = {};
const record = (build, key, value) => {
  results[build.name] ??= {};
  results[build.name][key] = value;
};

// (1) Fresh and second starts.
for (const build of BUILDS) {
  const fresh = [];
  const second = [];
  for (let run = 0; run < RUNS; run++) {
    const ledger = join(tempDir("svc-start-"), "ledger");
    const first = await start(build, { LEDGER_DIR: ledger });
    fresh.push(first);
    await stop(first);
    const again = await start(build, { LEDGER_DIR: ledger });
    second.push(again);
    await stop(again);
  }
  for (const [key, starts] of [
    ["fresh", fresh],
    ["second", second],
  ]) {
    record(build, key, {
      cpuS: median(starts.map((s) => s.cpuS)),
      childrenCpuS: median(starts.map((s) => s.childrenCpuS)),
      peakMb: median(starts.map((s) => s.peakMb)),
      readyMs: median(starts.map((s) => s.readyMs)),
      rssAtReadyMb: median(starts.map((s) => s.rssMb)),
    });
  }
}

// (2) Memory at /ready, after renders, after idling, per RENDER_THREADS.
const THREADS = [undefined, "1", "2", "4"];
const idling = [];
for (const build of BUILDS) {
  for (const threads of THREADS) {
    const started = await start(build, {
      LEDGER_DIR: join(tempDir("svc-start-"), "ledger"),
      ...(threads === undefined ? {} : { RENDER_THREADS: threads }),
    });
    const atReady = kb(started.child.pid, "VmRSS") / 1024;
    const renderMs = await renderEach(started.url);
    const afterRenders = kb(started.child.pid, "VmRSS") / 1024;
    idling.push({ build, threads, started, atReady, afterRenders, renderMs });
  }
}
await sleep(IDLE_S * 1000);
for (const { build, threads, started, atReady, afterRenders, renderMs } of idling) {
  record(build, `memory RENDER_THREADS=${threads ?? "default"}`, {
    atReadyMb: atReady,
    afterRendersMb: afterRenders,
    firstRendersMs: renderMs,
    afterIdleMb: kb(started.child.pid, "VmRSS") / 1024,
  });
  await stop(started);
}

// (3) Ready with a stored snapshot of the real edition.
for (const build of BUILDS) {
  const parse = [];
  const snapshot = [];
  for (let run = 0; run < RUNS; run++) {
    const env = {
      OFAC_SOURCE: EDITION,
      OFAC_SNAPSHOT_DIR: tempDir("svc-snapshots-"),
      LEDGER_DIR: join(tempDir("svc-start-"), "ledger"),
    };
    const first = await start(build, env);
    parse.push(first.readyMs);
    await stop(first);
    const again = await start(build, env);
    snapshot.push(again.readyMs);
    await stop(again);
  }
  record(build, "real edition", {
    firstStartReadyMs: median(parse),
    fromSnapshotReadyMs: median(snapshot),
  });
}

const load = loadavg().map((l) => l.toFixed(2));
if (values.json) {
  console.log(JSON.stringify({ runs: RUNS, idleS: IDLE_S, load, results }, null, 2));
} else {
  const f = (n, d = 0) => (typeof n === "number" ? n.toFixed(d) : String(n));
  console.log(`service starts, median of ${RUNS} runs; load ${load.join(" ")}`);
  for (const [name, r] of Object.entries(results)) {
    console.log(`\n${name}`);
    for (const key of ["fresh", "second"]) {
      const s = r[key];
      console.log(
        `  ${key} start: ${f(s.cpuS, 1)} s CPU (its child processes ${f(s.childrenCpuS, 1)} s more), peak ${f(s.peakMb)} MB, ${f(s.rssAtReadyMb)} MB at /ready, ready in ${f(s.readyMs)} ms`,
      );
    }
    for (const [key, m] of Object.entries(r).filter(([k]) => k.startsWith("memory"))) {
      const first = m.firstRendersMs;
      console.log(
        `  ${key}: ${f(m.atReadyMb)} MB at /ready, ${f(m.afterRendersMb)} MB after a paid PDF, DOCX and XLSX (first after the start: ${f(first.pdf)} ms, then ${f(first.docx)} and ${f(first.xlsx)} ms), ${f(m.afterIdleMb)} MB after ${IDLE_S} s idle`,
      );
    }
    const e = r["real edition"];
    console.log(
      `  real edition: ready in ${f(e.firstStartReadyMs)} ms parsing the XML, ${f(e.fromSnapshotReadyMs)} ms from the stored snapshot`,
    );
  }
}
process.exit(0);
