#!/usr/bin/env node
// challenge.bench.mjs: the unpaid 402, its size and its throughput. The service runs in its own
// process (as deployed), with the settings of this process's environment (e.g. X402_VERSIONS=2,
// PAY_TO_SOLANA); load comes from autocannon in a third process (50 connections).
//
// - Bytes: the 402 of a GET on the screening route and of the paid POST route whose 402 is the
//   largest (every paid route of the catalog at /api is asked): the PAYMENT-REQUIRED header, all
//   the headers as sent, and the body.
// - Throughput, in rounds (each target in turn, the same seconds each, after a warm-up): a bare
//   hono hello world, the same 402 replayed as a constant (status, headers and body bytes, no
//   work behind it) on the same server adapter, and the service's 402. Median req/s over the
//   rounds; the ratios service/constant (what the service's own work costs) and service/hello;
//   the service's peak resident memory while it was under load, and the CPU time each server
//   spent per answer (robust to what else runs on the machine).
//
//   node bench/challenge.bench.mjs [--json] [--rounds N] [--seconds N]   (after `pnpm build`)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rssMb, startProcess } from "./service-process.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = arg("--rounds", 3);
const SECONDS = arg("--seconds", 5);
const CONNECTIONS = 50;

/** autocannon in its own process, so the load generator shares nothing with the servers. */
function cannon(url, duration) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [AUTOCANNON, "-c", String(CONNECTIONS), "-d", String(duration), "-j", url],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout))),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** CPU time (user + system, ms) a process has used: fields 14 and 15 of /proc/<pid>/stat. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** Headers that differ per answer or describe the connection: not replayed by the constant. */
const PER_ANSWER = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

/** The bytes of one 402: its PAYMENT-REQUIRED header, all headers (`name: value\r\n`), body. */
async function challengeOf(res) {
  const body = await res.text();
  if (res.status !== 402) throw new Error(`expected 402, got ${res.status}: ${body.slice(0, 200)}`);
  const headers = [...res.headers];
  return {
    status: res.status,
    headers,
    body,
    paymentRequiredBytes: res.headers.get("payment-required")?.length ?? 0,
    headerBytes: headers.reduce((n, [k, v]) => n + k.length + v.length + 4, 0),
    bodyBytes: Buffer.byteLength(body),
  };
}

const service = await startProcess([`${HERE}../dist/main.js`], {
  PORT: "0",
  OFAC_REFRESH_MINUTES: "10080",
});
let hello;
const results = { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS };
try {
  const api = await (
    await fetch(`${service.url}/api`, { headers: { Accept: "application/json" } })
  ).json();
  const paid = api.catalog.filter((op) => op.payment !== undefined);
  const screening = paid.find((op) => op.method === "GET" && op.exampleUrl);
  if (screening === undefined) throw new Error("no paid GET route with an example in /api");
  const get = await challengeOf(await fetch(screening.exampleUrl));
  let post;
  for (const op of paid.filter((o) => o.method === "POST")) {
    const c = await challengeOf(
      await fetch(`${service.url}${op.path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    if (post === undefined || c.headerBytes + c.bodyBytes > post.headerBytes + post.bodyBytes) {
      post = { ...c, route: op.routeKey };
    }
  }
  const size = (c) => ({
    paymentRequiredHeader: c.paymentRequiredBytes,
    headers: c.headerBytes,
    body: c.bodyBytes,
    total: c.headerBytes + c.bodyBytes,
  });
  results.bytes = {
    get: { route: screening.routeKey, ...size(get) },
    ...(post === undefined ? {} : { post: { route: post.route, ...size(post) } }),
  };

  // The constant: the same status, headers and body, from the reference server.
  const challengeFile = join(mkdtempSync(join(tmpdir(), "challenge-bench-")), "challenge.json");
  const replayed = Object.fromEntries(get.headers.filter(([k]) => !PER_ANSWER.has(k)));
  writeFileSync(challengeFile, JSON.stringify({ headers: replayed, body: get.body }));
  hello = await startProcess([`${HERE}hello-world.mjs`], { CHALLENGE_FILE: challengeFile });

  const targets = {
    hello: `${hello.url}/`,
    constant: `${hello.url}/static-402`,
    service: screening.exampleUrl,
  };
  for (const url of Object.values(targets)) await cannon(url, 2);
  const rps = { hello: [], constant: [], service: [] };
  // CPU per answer of the server answering (µs): unlike req/s, it does not depend on what else
  // runs on the machine (autocannon shares its cores).
  const cpu = { hello: [], constant: [], service: [] };
  const pidOf = (name) => (name === "service" ? service.child.pid : hello.child.pid);
  let peakRss = rssMb(service.child.pid);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(targets)) {
      const sampler =
        name === "service"
          ? setInterval(() => {
              peakRss = Math.max(peakRss, rssMb(service.child.pid));
            }, 100)
          : undefined;
      const cpuBefore = cpuMs(pidOf(name));
      const r = await cannon(url, SECONDS);
      clearInterval(sampler);
      cpu[name].push(((cpuMs(pidOf(name)) - cpuBefore) * 1000) / r.requests.total);
      if (r.errors > 0 || (name !== "hello" && r.non2xx !== r.requests.total)) {
        throw new Error(`${name}: ${r.errors} errors, ${r.non2xx}/${r.requests.total} non-2xx`);
      }
      rps[name].push(r.requests.average);
    }
  }
  const m = Object.fromEntries(Object.entries(rps).map(([k, v]) => [k, median(v)]));
  results.throughput = {
    medianRps: m,
    perRound: rps,
    cpuUsPerAnswer: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)])),
    serviceOverConstant: m.service / m.constant,
    serviceOverHello: m.service / m.hello,
    constantOverHello: m.constant / m.hello,
    servicePeakRssMb: peakRss,
  };
} finally {
  service.child.kill("SIGTERM");
  hello?.child.kill("SIGTERM");
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const b = results.bytes;
  const line = (label, s) =>
    `${label} ${s.route}: PAYMENT-REQUIRED ${s.paymentRequiredHeader} B, all headers ${s.headers} B, body ${s.body} B, total ${s.total} B`;
  console.log(line("402 bytes, GET ", b.get));
  if (b.post) console.log(line("402 bytes, POST", b.post));
  const t = results.throughput;
  const r = (x) => x.toFixed(0);
  console.log(
    `throughput (${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, median req/s): hello world ${r(t.medianRps.hello)}, constant 402 ${r(t.medianRps.constant)}, service 402 ${r(t.medianRps.service)}`,
  );
  console.log(
    `CPU per answer (median µs): hello world ${r(t.cpuUsPerAnswer.hello)}, constant 402 ${r(t.cpuUsPerAnswer.constant)}, service 402 ${r(t.cpuUsPerAnswer.service)}`,
  );
  console.log(
    `ratios: service/constant ${(100 * t.serviceOverConstant).toFixed(0)}%, service/hello ${(100 * t.serviceOverHello).toFixed(0)}%, constant/hello ${(100 * t.constantOverHello).toFixed(0)}%; service peak RSS ${t.servicePeakRssMb.toFixed(0)} MB`,
  );
}
