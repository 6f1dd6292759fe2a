// Verification throughput of the library: verifyAttestation (header, kid lookup, signature,
// canonical re-check, claims schema) beside a bare jose compactVerify of the same token with the
// same imported key, in the same run; and signing cost per attestation (p50, p99) beside building
// the claims alone. Claims are those of a real 4-address batch answer on the 2025-11-19 edition
// (src/test-support), and of a single address. Prints the median over RUNS runs, peak RSS and the
// load average. Run after `pnpm --filter @svc/attestations build`: pnpm bench
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import {
  attestationClaims,
  generateSigningKey,
  publicJwks,
  signAttestation,
  verifyAttestation,
} from "@svc/attestations";
import { compactVerify, importJWK } from "jose";

const RUNS = 7;
const VERIFY_CALLS = 3000;
const SIGN_CALLS = 2000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const rssMiB = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0);

const batch = JSON.parse(
  readFileSync(
    new URL("../src/test-support/screen-batch-2025-11-19.json", import.meta.url),
    "utf8",
  ),
);
const single = {
  ...batch.results[0],
  query: { ...batch.results[0].query, asset: null },
  sourceFreshness: batch.sourceFreshness,
};
const input = (screening) => ({
  baseUrl: "https://screening.example.com",
  issuedAt: "2026-11-23T09:00:00.000Z",
  screening,
  payment: { transactionHash: `0x${"ab".repeat(32)}`, network: "eip155:8453" },
});

const key = await generateSigningKey();
const jwks = publicJwks([key, await generateSigningKey()]);
const cryptoKey = await importJWK({ ...jwks.keys[0] }, "EdDSA");

/** Calls per second of `fn` over `calls` sequential calls. */
async function throughput(fn, calls) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  return (calls / (performance.now() - start)) * 1000;
}

/** Per-call times (ms) of `fn`. */
async function latencies(fn, calls) {
  const times = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

console.log(
  `node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, rss ${rssMiB()} MiB at start`,
);
for (const [name, screening] of [
  ["1 address", single],
  ["4-address batch", batch],
]) {
  const claims = attestationClaims(input(screening));
  const jws = await signAttestation(claims, key);
  const verify = () => verifyAttestation(jws, jwks);
  const bare = () => compactVerify(jws, cryptoKey, { algorithms: ["EdDSA"] });
  await throughput(verify, 500); // warm-up
  await throughput(bare, 500);
  const lib = [];
  const ref = [];
  for (let r = 0; r < RUNS; r++) {
    lib.push(await throughput(verify, VERIFY_CALLS));
    ref.push(await throughput(bare, VERIFY_CALLS));
  }
  const signTimes = [];
  const claimTimes = [];
  for (let r = 0; r < RUNS; r++) {
    signTimes.push(
      await latencies(() => signAttestation(attestationClaims(input(screening)), key), SIGN_CALLS),
    );
    claimTimes.push(await latencies(() => attestationClaims(input(screening)), SIGN_CALLS));
  }
  const p = (runs, q) => median(runs.map((t) => percentile(t, q))).toFixed(3);
  console.log(
    `${name.padEnd(16)} ${jws.length} chars  verifyAttestation ${median(lib).toFixed(0)}/s  bare jose compactVerify ${median(ref).toFixed(0)}/s  (×${(median(ref) / median(lib)).toFixed(2)})`,
  );
  console.log(
    `${"".padEnd(16)} claims+sign p50 ${p(signTimes, 0.5)} ms p99 ${p(signTimes, 0.99)} ms  claims alone p50 ${p(claimTimes, 0.5)} ms p99 ${p(claimTimes, 0.99)} ms`,
  );
}
const peak = process.resourceUsage().maxRSS / 1024;
console.log(
  `median of ${RUNS} runs × ${VERIFY_CALLS} sequential verifications (× ${SIGN_CALLS} signings); peak RSS ${peak.toFixed(0)} MiB; load average after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
