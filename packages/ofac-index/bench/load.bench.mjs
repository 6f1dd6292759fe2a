#!/usr/bin/env node

// load.bench.mjs: how fast and how lean @svc/ofac-index turns an SDN Advanced XML edition into a
// ready index, and how fast that index screens addresses.
//
// Usage (from packages/ofac-index, after `pnpm build`; `pnpm bench` runs exactly this):
//   node bench/load.bench.mjs [--json] [--edition PATH]
//
//   --json          print one JSON object with every figure on stdout instead of the tables
//   --edition PATH  benchmark another edition (.xml or .xml.gz) instead of the default below
//
// Sections:
//   1. Cold load, fast mode: 5 fresh Node processes, each reading the .xml.gz from disk to a
//      ready SdnIndex. Per run: load time measured inside the child (start of reading → index
//      ready), the child's whole-process time (spawn → exit, includes Node start-up and module
//      import) and its peak RSS (`process.resourceUsage().maxRSS`). Targets: ≤ 1.0 s, ≤ 200 MB.
//   2. Reference: Python's stdlib ElementTree.iterparse extracting the same (ticker, address)
//      pairs (bench/iterparse_reference.py), 3 runs. Its pair count must equal the index's.
//   3. Cold load, full mode (every byte through saxes), 3 fresh processes, for context.
//   4. Screening throughput on an index built in this process: `index.screen(address)` and raw
//      `index.lookup(normalizedAddress)` over a mix of listed and synthetic unlisted addresses.
//   4b. What the near-match search costs: `index.screen()` per address of listed addresses
//      (answered by the exact hit alone), of clear ones (compared with the listed addresses of
//      their format) and of near misses (listed EVM addresses with one digit changed), beside the
//      exact lookup; and a batch of 100 clear addresses.
//   5. `index.screenMany()` on batches of 100 addresses.
//   6. Snapshot load: a fresh process decoding a stored snapshot to a ready index (only when
//      dist/index.js exports encodeSnapshot/decodeSnapshot).
//
// Speed is measured, never asserted: the figures and targets are printed side by side and the
// exit code is 0 unless a section crashed (or the edition file is missing). Progress goes to
// stderr so stdout holds only the results. Sizes are in MB of 2^20 bytes (maxRSS is in KiB).
//
// The same file is also the child process of sections 1, 3 and 6: `--child <kind> <file>` loads
// once and prints one JSON line (see `childMain`).

import { spawn } from "node:child_process";
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sha256 } from "@noble/hashes/sha2";
import { keccak_256 } from "@noble/hashes/sha3";
import { base58check, bech32 } from "@scure/base";

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

const SCRIPT_PATH = fileURLToPath(import.meta.url);
const BENCH_DIR = path.dirname(SCRIPT_PATH);
const DIST_INDEX_URL = new URL("../dist/index.js", import.meta.url);
/** Where SdnIndex lives until dist/index.js re-exports it. */
const DIST_SDN_INDEX_URL = new URL("../dist/index/sdn-index.js", import.meta.url);
const PYTHON_REFERENCE = path.join(BENCH_DIR, "iterparse_reference.py");

/** The newest full edition, in the workspace's shared data folder (outside the repository). */
const DEFAULT_EDITION = fileURLToPath(
  new URL(
    "../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);
/** Unique (ticker, address) pairs in the default edition, cross-checked by the Python reference. */
const DEFAULT_EDITION_PAIRS = 758;

/** Targets from the issue, for a cold fast-mode load. Printed, not enforced. */
const TARGET_LOAD_MS = 1000;
const TARGET_RSS_MB = 200;

const RUNS = { fast: 5, full: 3, python: 3, snapshot: 5 };
/** Screening throughput: rounds per measure and the time one round aims for. */
const THROUGHPUT_ROUNDS = 5;
const THROUGHPUT_ROUND_MS = 400;
const BATCH_SIZE = 100;
const BATCH_RUNS = 2000;

const CHILD_FLAG = "--child";
const READ_CHUNK_BYTES = 1 << 20;
const KIB_PER_MB = 1024;

// ---------------------------------------------------------------------------------------------
// Small helpers: statistics, formatting, child processes
// ---------------------------------------------------------------------------------------------

/** Median of a non-empty list of numbers (mean of the two middle values for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Value at quantile q (0..1) by nearest rank. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

const kibToMb = (kib) => kib / KIB_PER_MB;
const bytesToMb = (bytes) => bytes / (1024 * KIB_PER_MB);

const intFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const fmtInt = (n) => intFormat.format(n);
const fmtMs = (ms) => (ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`);
const fmtMb = (mb) => `${mb.toFixed(1)} MB`;
const fmtMbInt = (mb) => `${mb.toFixed(0)} MB`;
const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const fmtUs = (us) => `${us.toFixed(1)} µs`;
const fmtRatio = (r) => `${r.toFixed(1)}×`;

/** "ok" or "over" beside a target: informative only, never fails the run. */
const versus = (value, target) => (value <= target ? "ok" : "over");

/** Prints rows as an aligned table: first column left-aligned, the others right-aligned. */
function printTable(headers, rows) {
  const widths = headers.map((h, col) =>
    Math.max(h.length, ...rows.map((row) => String(row[col] ?? "").length)),
  );
  const line = (cells) =>
    cells
      .map((cell, col) => {
        const text = String(cell ?? "");
        return col === 0 ? text.padEnd(widths[col]) : text.padStart(widths[col]);
      })
      .join("   ")
      .trimEnd();
  console.log(`  ${line(headers)}`);
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("   ")}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

function printHeading(title) {
  console.log(`\n${title}`);
}

/** Progress notes go to stderr so that stdout holds only the results (tables or JSON). */
function progress(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * Runs a command to completion. `wallMs` is spawn → exit of the process, as seen from here.
 * Rejects only when the command cannot be started (e.g. python3 missing).
 */
function runChild(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let exitedAt = started;
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const stdout = [];
    const stderr = [];
    child.stdout.on("data", (chunk) => stdout.push(chunk));
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    child.on("error", reject);
    child.on("exit", () => {
      exitedAt = performance.now();
    });
    child.on("close", (code, signal) => {
      resolve({
        code,
        signal,
        wallMs: exitedAt - started,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      });
    });
  });
}

/** Runs a child that prints one JSON object as its last stdout line; adds its `processMs`. */
async function runChildJson(command, args) {
  const result = await runChild(command, args);
  if (result.code !== 0) {
    const reason = result.signal ?? `exit code ${result.code}`;
    throw new Error(`${path.basename(command)} failed (${reason}): ${result.stderr.trim()}`);
  }
  const lastLine = result.stdout.trim().split("\n").at(-1) ?? "";
  return { ...JSON.parse(lastLine), processMs: result.wallMs };
}

/** Deterministic PRNG (mulberry32) so every run screens the same synthetic addresses. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Package API (from the built dist/)
// ---------------------------------------------------------------------------------------------

/** Imports the built package; SdnIndex comes from dist/index.js once it is re-exported there. */
async function loadApi() {
  // Named, not spread: the names this bench uses are what it needs of the public entry.
  const { SdnIndex, decodeSnapshot, encodeSnapshot, normalizeAddress, parseEdition } = await import(
    DIST_INDEX_URL.href
  );
  const api = { decodeSnapshot, encodeSnapshot, normalizeAddress, parseEdition };
  if (typeof SdnIndex === "function") return { ...api, SdnIndex, sdnIndexFrom: "dist/index.js" };
  const fromModule = await import(DIST_SDN_INDEX_URL.href);
  return { ...api, SdnIndex: fromModule.SdnIndex, sdnIndexFrom: "dist/index/sdn-index.js" };
}

const hasSnapshotApi = (api) =>
  typeof api.encodeSnapshot === "function" && typeof api.decodeSnapshot === "function";

function provenanceFor(file) {
  return {
    sourceUrl: pathToFileURL(file).href,
    refreshedAt: new Date().toISOString(),
    sample: false,
  };
}

/** Reads an edition file (plain or gzip) as a stream and builds the index. */
async function loadIndexFromXml(api, file, mode) {
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  const edition = await api.parseEdition(stream, { mode });
  return { edition, index: api.SdnIndex.fromEdition(edition, provenanceFor(file)) };
}

// ---- snapshot load ---------------------------------------------------------------------------
// The snapshot API is being written alongside this bench, so both shapes are accepted:
//   encodeSnapshot(index) or encodeSnapshot(edition, provenance, storedAt) → string
//   decodeSnapshot(json) → a ready index, or a stored `{ edition, provenance }` to index.

async function encodeSnapshotFor(api, edition, index, provenance) {
  const encoded =
    api.encodeSnapshot.length <= 1
      ? await api.encodeSnapshot(index)
      : await api.encodeSnapshot(edition, provenance, new Date().toISOString());
  return typeof encoded === "string" ? encoded : JSON.stringify(encoded);
}

async function indexFromSnapshot(api, json) {
  const decoded = await api.decodeSnapshot(json);
  if (typeof decoded?.screen === "function") return decoded;
  return api.SdnIndex.fromEdition(decoded.edition, decoded.provenance);
}

// ---------------------------------------------------------------------------------------------
// Child process: one cold load, one JSON line out
// ---------------------------------------------------------------------------------------------

/**
 * `--child fast|full|snapshot <file>`: imports the package, then times start of reading → index
 * ready. Peak RSS is taken at the very end, so it covers everything the process did.
 */
async function childMain(kind, file) {
  const importStart = performance.now();
  const api = await loadApi();
  const started = performance.now();
  const index =
    kind === "snapshot"
      ? await indexFromSnapshot(api, readFileSync(file, "utf8"))
      : (await loadIndexFromXml(api, file, kind)).index;
  const loadMs = performance.now() - started;
  const result = {
    kind,
    importMs: started - importStart,
    loadMs,
    pairs: index.pairs().length,
    addressCount: index.addressCount,
    datasetDate: index.meta.datasetDate,
    datasetSha256: index.meta.datasetSha256,
    xmlBytes: index.meta.xmlBytes,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Sections 1, 3 and 6: cold loads in fresh processes
// ---------------------------------------------------------------------------------------------

/** Runs `runs` fresh Node processes loading `file` as `kind` and summarizes them. */
async function coldLoads(kind, file, runs) {
  const results = [];
  for (let i = 1; i <= runs; i++) {
    progress(`cold load (${kind}) ${i}/${runs}`);
    results.push(await runChildJson(process.execPath, [SCRIPT_PATH, CHILD_FLAG, kind, file]));
  }
  return {
    runs: results,
    loadMs: summarize(results.map((r) => r.loadMs)),
    processMs: summarize(results.map((r) => r.processMs)),
    importMs: summarize(results.map((r) => r.importMs)),
    rssMb: summarize(results.map((r) => kibToMb(r.maxRssKiB))),
    pairs: results[0].pairs,
    meta: {
      datasetDate: results[0].datasetDate,
      datasetSha256: results[0].datasetSha256,
      xmlBytes: results[0].xmlBytes,
    },
  };
}

/** One table row: label, median, min, max (+ target column when given). */
function statsRow(label, stats, format, target) {
  const row = [label, format(stats.median), format(stats.min), format(stats.max)];
  return target === undefined ? row : [...row, target];
}

/** "≤ 1000 ms  ok": the target beside the median, for reading only. */
const targetCell = (median, target, format) => `≤ ${format(target)}  ${versus(median, target)}`;

function printColdLoad(title, load, withTargets) {
  printHeading(title);
  const target = (stats, limit, format) =>
    withTargets ? targetCell(stats.median, limit, format) : undefined;
  const blank = withTargets ? "" : undefined;
  const headers = ["", "median", "min", "max"];
  printTable(withTargets ? [...headers, "target"] : headers, [
    statsRow(
      "load (in child: read → index ready)",
      load.loadMs,
      fmtMs,
      target(load.loadMs, TARGET_LOAD_MS, fmtMs),
    ),
    statsRow("whole process (spawn → exit)", load.processMs, fmtMs, blank),
    statsRow("  of which package import", load.importMs, fmtMs, blank),
    statsRow("peak RSS (maxRSS)", load.rssMb, fmtMb, target(load.rssMb, TARGET_RSS_MB, fmtMbInt)),
  ]);
  console.log(
    `  runs: ${load.runs.length} fresh processes; unique (ticker, address) pairs: ${load.pairs}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Section 2: Python iterparse reference
// ---------------------------------------------------------------------------------------------

async function pythonReference(file, runs) {
  const results = [];
  for (let i = 1; i <= runs; i++) {
    progress(`python iterparse reference ${i}/${runs}`);
    results.push(await runChildJson("python3", [PYTHON_REFERENCE, file, "--json"]));
  }
  return {
    runs: results,
    wallMs: summarize(results.map((r) => r.wallMs)),
    processMs: summarize(results.map((r) => r.processMs)),
    rssMb: summarize(results.map((r) => kibToMb(r.maxRssKiB))),
    pairs: results[0].pairs,
    python: results[0].python,
  };
}

function printPython(py) {
  printHeading(`2. Reference: Python ${py.python} xml.etree.ElementTree.iterparse (gzip stream)`);
  printTable(
    ["", "median", "min", "max"],
    [
      statsRow("parse (in process: open → pairs)", py.wallMs, fmtMs),
      statsRow("whole process (spawn → exit)", py.processMs, fmtMs),
      statsRow("peak RSS (ru_maxrss)", py.rssMb, fmtMb),
    ],
  );
  console.log(`  runs: ${py.runs.length}; unique (ticker, address) pairs: ${py.pairs}`);
}

// ---------------------------------------------------------------------------------------------
// Sections 4 and 5: screening on a built index
// ---------------------------------------------------------------------------------------------

const HEX = "0123456789abcdef";
const BASE58CHECK = base58check(sha256);

function randomString(random, alphabet, length) {
  const chars = [];
  for (let i = 0; i < length; i++) chars.push(alphabet[Math.floor(random() * alphabet.length)]);
  return chars.join("");
}

const randomBytes = (random, n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));

/** EIP-55 checksummed (as users paste them) half of the time, else lower case: both valid. */
function randomEvm(random) {
  const hex = randomString(random, HEX, 40);
  if (random() < 0.5) return `0x${hex}`;
  const hash = keccak_256(new TextEncoder().encode(hex));
  const body = [...hex]
    .map((c, i) => (((hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f) >= 8 ? c.toUpperCase() : c))
    .join("");
  return `0x${body}`;
}

/** A valid base58check address (Bitcoin P2PKH or Tron version byte): unlisted, never refused. */
const randomBase58 = (random) =>
  BASE58CHECK.encode(Uint8Array.of(random() < 0.5 ? 0x00 : 0x41, ...randomBytes(random, 20)));

/** A valid segwit v0 (bech32) address. */
const randomBech32 = (random) =>
  bech32.encode("bc", [0, ...bech32.toWords(randomBytes(random, 20))]);

/**
 * The screened workload: every listed address (as published) once, plus three times as many
 * unlisted synthetic ones (EVM, base58, bech32-shaped), shuffled with a fixed seed.
 */
function buildAddressPool(index) {
  const random = createRandom(0x0fac);
  const listed = [...new Set(index.pairs().map(([, address]) => address))];
  const makers = [randomEvm, randomBase58, randomBech32];
  const synthetic = Array.from({ length: listed.length * 3 }, (_, i) => makers[i % 3](random));
  const pool = [...listed, ...synthetic];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return { pool, listed, synthetic, listedCount: listed.length, syntheticCount: synthetic.length };
}

/**
 * Near misses of the listed addresses: each listed EVM address in lower case with one hex digit
 * changed (no checksum catches it, so it is well-formed and clear, with a near match).
 */
function nearMissesOf(listed, random) {
  return listed
    .filter((a) => /^0x[0-9a-fA-F]{40}$/.test(a))
    .map((a) => {
      const lower = a.toLowerCase();
      const at = 2 + Math.floor(random() * 40);
      const digit = HEX[(HEX.indexOf(lower[at]) + 1) % 16];
      return `${lower.slice(0, at)}${digit}${lower.slice(at + 1)}`;
    });
}

/**
 * Calls `fn` on `count` inputs (cycling through them); returns elapsed ms and the sum of what `fn`
 * returned (1 per hit), which also keeps the calls from being optimized away.
 */
function timeCalls(fn, inputs, count) {
  let sink = 0;
  let next = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    sink += fn(inputs[next]);
    next++;
    if (next === inputs.length) next = 0;
  }
  return { ms: performance.now() - started, sink };
}

/** Ops/s over THROUGHPUT_ROUNDS rounds, each sized (after a warm-up) to ~THROUGHPUT_ROUND_MS. */
function measureThroughput(fn, inputs) {
  const warmup = timeCalls(fn, inputs, 20_000);
  const perRound = Math.max(10_000, Math.round((20_000 / warmup.ms) * THROUGHPUT_ROUND_MS));
  const rates = [];
  let hits = 0;
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    const { ms, sink } = timeCalls(fn, inputs, perRound);
    rates.push((perRound / ms) * 1000);
    hits += sink;
  }
  const total = perRound * THROUGHPUT_ROUNDS;
  return {
    opsPerSec: summarize(rates),
    callsPerRound: perRound,
    totalCalls: total,
    hitRate: hits / total,
  };
}

/** Times `screenMany` on BATCH_RUNS batches of BATCH_SIZE consecutive pool addresses. */
function measureBatches(index, pool) {
  const batches = [];
  for (let start = 0; start + BATCH_SIZE <= pool.length; start += BATCH_SIZE) {
    batches.push(pool.slice(start, start + BATCH_SIZE));
  }
  const warmupRuns = BATCH_RUNS / 10;
  const timings = [];
  let matches = 0;
  for (let run = 0; run < warmupRuns + BATCH_RUNS; run++) {
    const batch = batches[run % batches.length];
    const started = performance.now();
    matches += index.screenMany(batch).summary.matchCount;
    const elapsedUs = (performance.now() - started) * 1000;
    if (run >= warmupRuns) timings.push(elapsedUs);
  }
  return {
    batchSize: BATCH_SIZE,
    runs: BATCH_RUNS,
    usPerBatch: { ...summarize(timings), p95: quantile(timings, 0.95) },
    matchesSeen: matches,
  };
}

async function screeningBench(api, index) {
  const { pool, listed, synthetic, listedCount, syntheticCount } = buildAddressPool(index);
  const normalized = pool.map((a) => api.normalizeAddress(a));
  progress(`screen() throughput over ${pool.length} addresses`);
  const screen = measureThroughput((a) => (index.screen(a).summary.matchCount > 0 ? 1 : 0), pool);
  progress("lookup() throughput");
  const lookup = measureThroughput((n) => (index.lookup(n).length > 0 ? 1 : 0), normalized);
  progress(`screenMany() on batches of ${BATCH_SIZE}`);
  const batch = measureBatches(index, pool);
  // What the near-match search costs: a listed address is answered by its exact hit alone; a
  // clear one is compared with the listed addresses of its format; a near miss finds one.
  progress("screen() of listed, clear and near-miss addresses");
  const nearMisses = nearMissesOf(listed, createRandom(0x4ea2));
  const near = {
    listed: measureThroughput((a) => index.screen(a).summary.matchCount, listed),
    clear: measureThroughput((a) => index.screen(a).summary.nearMatchCount, synthetic),
    nearMiss: measureThroughput((a) => index.screen(a).summary.nearMatchCount, nearMisses),
    nearMissCount: nearMisses.length,
    clearBatch: measureBatches(index, synthetic),
  };
  return {
    pool: { size: pool.length, listed: listedCount, synthetic: syntheticCount },
    screen,
    lookup,
    batch,
    near,
  };
}

function printThroughput({ pool, screen, lookup }) {
  printHeading(
    `4. Screening throughput (index built in this process, median of ${THROUGHPUT_ROUNDS} rounds)`,
  );
  const row = (label, m) => [
    ...statsRow(label, m.opsPerSec, fmtInt),
    fmtInt(m.totalCalls),
    `${(m.hitRate * 100).toFixed(1)} %`,
  ];
  printTable(
    ["ops/s", "median", "min", "max", "calls", "hits"],
    [row("index.screen(address)", screen), row("index.lookup(normalized)", lookup)],
  );
  console.log(
    `  address mix: ${pool.size} = ${pool.listed} listed (as published) + ` +
      `${pool.synthetic} unlisted synthetic (EVM, base58, bech32), shuffled`,
  );
}

function printNearCost({ near, lookup }) {
  printHeading(
    `4b. Near-match search: screen() per address (median of ${THROUGHPUT_ROUNDS} rounds), beside the exact lookup`,
  );
  const perCall = (m) => 1e6 / m.opsPerSec.median;
  printTable(
    ["", "µs per address", "near matches found"],
    [
      ["index.lookup(normalized) (reference)", fmtUs(perCall(lookup)), "-"],
      ["listed address (exact hit, no search)", fmtUs(perCall(near.listed)), "-"],
      [
        "clear address (searched, none near)",
        fmtUs(perCall(near.clear)),
        `${(near.clear.hitRate * 100).toFixed(1)} %`,
      ],
      [
        `near miss (listed EVM, 1 digit changed; ${near.nearMissCount})`,
        fmtUs(perCall(near.nearMiss)),
        `${(near.nearMiss.hitRate * 100).toFixed(1)} %`,
      ],
    ],
  );
  const u = near.clearBatch.usPerBatch;
  console.log(
    `  screenMany() of ${near.clearBatch.batchSize} clear addresses: median ${fmtUs(u.median)} per batch (p95 ${fmtUs(u.p95)}), ${fmtUs(u.median / near.clearBatch.batchSize)} per address`,
  );
}

function printBatch({ batch }) {
  printHeading(
    `5. index.screenMany() on a batch of ${batch.batchSize} (${fmtInt(batch.runs)} batches)`,
  );
  const u = batch.usPerBatch;
  printTable(
    ["", "median", "min", "p95", "max"],
    [["µs per batch", fmtUs(u.median), fmtUs(u.min), fmtUs(u.p95), fmtUs(u.max)]],
  );
  console.log(`  median per address: ${fmtUs(u.median / batch.batchSize)}`);
}

// ---------------------------------------------------------------------------------------------
// Section 6: snapshot load
// ---------------------------------------------------------------------------------------------

/** Stores a snapshot of `edition` in a temp file and times cold loads of it. */
async function snapshotBench(api, edition, index, file) {
  const encodeStart = performance.now();
  const json = await encodeSnapshotFor(api, edition, index, provenanceFor(file));
  const encodeMs = performance.now() - encodeStart;
  const dir = mkdtempSync(path.join(os.tmpdir(), "ofac-index-bench-"));
  try {
    const snapshotFile = path.join(dir, "snapshot.json");
    writeFileSync(snapshotFile, json);
    const load = await coldLoads("snapshot", snapshotFile, RUNS.snapshot);
    return { ...load, encodeMs, snapshotBytes: Buffer.byteLength(json) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const editionAt = argv.indexOf("--edition");
  return {
    json: argv.includes("--json"),
    edition:
      editionAt >= 0 && argv[editionAt + 1] ? path.resolve(argv[editionAt + 1]) : DEFAULT_EDITION,
  };
}

async function machineFacts() {
  const cpus = os.cpus();
  let python = "not found";
  try {
    const { stdout, stderr } = await runChild("python3", ["--version"]);
    python = (stdout || stderr).trim().replace(/^Python /, "");
  } catch {
    // python3 missing: section 2 is skipped with a note.
  }
  return {
    node: process.version,
    v8: process.versions.v8,
    cpu: cpus[0]?.model ?? "unknown",
    cores: os.availableParallelism(),
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    python,
  };
}

function printFacts(facts, edition, api) {
  const lines = [
    ["node", `${facts.node} (V8 ${facts.v8})`],
    ["cpu", `${facts.cpu} × ${facts.cores} cores`],
    ["memory", `${facts.memoryGiB} GiB`],
    ["os", facts.os],
    ["python", facts.python],
    ["edition", `${edition.file} (${fmtMb(bytesToMb(edition.bytes))})`],
    ["SdnIndex from", api.sdnIndexFrom],
  ];
  console.log("@svc/ofac-index load benchmark");
  for (const [key, value] of lines) console.log(`  ${key.padEnd(14)}${value}`);
}

/** Runs one section; a crash is reported, remembered for the exit code, and the bench goes on. */
async function section(name, failures, run) {
  try {
    return await run();
  } catch (error) {
    failures.push({ section: name, error: String(error?.stack ?? error) });
    progress(`section "${name}" failed: ${error?.message ?? error}`);
    return undefined;
  }
}

function printPairCheck(results, expected) {
  printHeading("Pair count check (unique (ticker, address) pairs)");
  const counts = [
    ["node fast mode", results.fast?.pairs],
    ["node full mode", results.full?.pairs],
    ["python iterparse", results.python?.pairs],
    ["snapshot", results.snapshot?.pairs],
  ].filter(([, n]) => n !== undefined);
  const values = new Set(counts.map(([, n]) => n));
  const expectedNote = expected === undefined ? "" : ` (expected ${expected} for this edition)`;
  printTable(["", "pairs"], counts);
  console.log(`  ${values.size <= 1 ? "all equal" : "MISMATCH"}${expectedNote}`);
}

function printComparison(fast, python) {
  if (fast === undefined || python === undefined) return;
  printHeading("Node fast mode vs Python iterparse (medians)");
  // "10.0× less" / "6.8× more": how node's figure compares with python's (lower is better).
  const relative = (node, py) =>
    node <= py ? `${fmtRatio(py / node)} less` : `${fmtRatio(node / py)} more`;
  const row = (label, node, py, format) => [label, format(node), format(py), relative(node, py)];
  printTable(
    ["", "node fast", "python", "node vs python"],
    [
      row("load time", fast.loadMs.median, python.wallMs.median, fmtMs),
      row("whole process", fast.processMs.median, python.processMs.median, fmtMs),
      row("peak RSS", fast.rssMb.median, python.rssMb.median, fmtMb),
    ],
  );
}

function printSnapshot(snapshot, note) {
  if (snapshot === undefined) {
    printHeading("6. Snapshot load");
    console.log(`  skipped: ${note}`);
    return;
  }
  printColdLoad(
    "6. Snapshot load: stored snapshot → ready index (fresh processes)",
    snapshot,
    true,
  );
  console.log(
    `  snapshot: ${fmtKb(snapshot.snapshotBytes)} JSON, encoded in ${fmtMs(snapshot.encodeMs)}`,
  );
}

/** Checks the inputs; prints why and returns false when the bench cannot run. */
function inputsReady(args) {
  if (!existsSync(DIST_INDEX_URL)) {
    console.error(`dist/ not found (${fileURLToPath(DIST_INDEX_URL)}): run \`pnpm build\` first.`);
    return false;
  }
  if (!existsSync(args.edition)) {
    console.error(
      `Edition not found: ${args.edition}\n` +
        "The default is the 2025-11-19 edition in the workspace's shared data folder " +
        "(/work/shared/data/ofac/xml, outside this repository). Pass --edition PATH to use another.",
    );
    return false;
  }
  return true;
}

/** Runs every section in order (one at a time: children must not compete for the 2 cores). */
async function runSections(api, facts, file) {
  const failures = [];
  const results = {};
  results.fast = await section("cold load fast", failures, () =>
    coldLoads("fast", file, RUNS.fast),
  );
  if (facts.python !== "not found") {
    results.python = await section("python reference", failures, () =>
      pythonReference(file, RUNS.python),
    );
  }
  results.full = await section("cold load full", failures, () =>
    coldLoads("full", file, RUNS.full),
  );

  progress("building an index in this process for sections 4–6");
  const built = await section("in-process load", failures, () =>
    loadIndexFromXml(api, file, "fast"),
  );
  if (built !== undefined) {
    results.screening = await section("screening", failures, () =>
      screeningBench(api, built.index),
    );
  }

  // ---- snapshot load: only once dist/index.js exports encodeSnapshot/decodeSnapshot ----
  let snapshotNote = "dist/index.js does not export encodeSnapshot/decodeSnapshot yet";
  if (hasSnapshotApi(api)) {
    snapshotNote = "the in-process index could not be built";
    if (built !== undefined) {
      snapshotNote = "the snapshot section failed (see below)";
      results.snapshot = await section("snapshot load", failures, () =>
        snapshotBench(api, built.edition, built.index, file),
      );
    }
  }
  return { results, failures, snapshotNote };
}

function printReport({ facts, edition, api, results, failures, snapshotNote, expectedPairs }) {
  printFacts(facts, edition, api);
  if (results.fast !== undefined) {
    const m = results.fast.meta;
    console.log(
      `  dataset       ${m.datasetDate}, XML ${fmtMb(bytesToMb(m.xmlBytes))}, SHA-256 ${m.datasetSha256}`,
    );
    printColdLoad(
      "1. Cold load, fast mode: .xml.gz on disk → ready SdnIndex (fresh processes)",
      results.fast,
      true,
    );
  }
  if (results.python !== undefined) {
    printPython(results.python);
  } else if (facts.python === "not found") {
    console.log("\n2. Python reference skipped: python3 not found");
  }
  if (results.full !== undefined) {
    printColdLoad(
      "3. Cold load, full mode (every byte through saxes), for context",
      results.full,
      false,
    );
  }
  if (results.screening !== undefined) {
    printThroughput(results.screening);
    printNearCost(results.screening);
    printBatch(results.screening);
  }
  printSnapshot(results.snapshot, snapshotNote);
  printComparison(results.fast, results.python);
  printPairCheck(results, expectedPairs);
  for (const failure of failures) {
    console.log(`\nSECTION FAILED: ${failure.section}\n${failure.error}`);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!inputsReady(args)) {
    process.exitCode = 1;
    return;
  }
  const api = await loadApi();
  const facts = await machineFacts();
  const edition = { file: args.edition, bytes: statSync(args.edition).size };
  const expectedPairs = args.edition === DEFAULT_EDITION ? DEFAULT_EDITION_PAIRS : undefined;
  const { results, failures, snapshotNote } = await runSections(api, facts, args.edition);

  if (args.json) {
    const output = {
      machine: facts,
      edition: { ...edition, ...results.fast?.meta },
      targets: { loadMs: TARGET_LOAD_MS, rssMb: TARGET_RSS_MB },
      expectedPairs,
      ...results,
      snapshotSkipped: results.snapshot === undefined ? snapshotNote : undefined,
      failures,
    };
    console.log(JSON.stringify(output, null, 2));
  } else {
    printReport({ facts, edition, api, results, failures, snapshotNote, expectedPairs });
  }
  if (failures.length > 0) process.exitCode = 1;
}

if (process.argv[2] === CHILD_FLAG) {
  await childMain(process.argv[3], process.argv[4]);
} else {
  await main();
}
