#!/usr/bin/env node
// attestation.bench.mjs: what signing the screening attestation costs per answer. Each screening
// operation is handled as the service handles a paid request (`execute`: input checked, run
// within its deadline) on the real 2025-11-19 edition, unsigned and signed (the service's
// Ed25519 key, an x402 authorization as its payment), alternating call by call in the same run,
// so both see the same machine. Prints per-call p50 and p99 of each and their difference, the
// median over RUNS runs, peak RSS and the load average.
//
//   node bench/attestation.bench.mjs   (after `pnpm build`; part of `pnpm bench`)
import { loadavg } from "node:os";
import { generateSigningKey } from "@svc/attestations";
import {
  attesterFor,
  authorizationPayment,
  batchWalletScreen,
  eddReport,
  execute,
  ofacWalletScreen,
  walletSanctionsReport,
} from "@svc/compliance";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";

const EDITION = new URL(
  "../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
  import.meta.url,
).pathname;
const RUNS = 5;
const CALLS = 400;
const WARM_UP = 100;

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const median = (xs) => quantile(xs, 0.5);
const ms = (x) => `${x.toFixed(3)} ms`;

const list = await loadIndex(EDITION);
const deps = {
  list,
  history: () => EMBEDDED_DCA_HISTORY,
  render: () => {
    throw new Error("this bench renders nothing");
  },
};
const key = await generateSigningKey();
const attest = attesterFor({
  key,
  baseUrl: "https://screening.example.com",
  payment: authorizationPayment({
    network: "eip155:8453",
    asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    nonce: `0x${"5a".repeat(32)}`,
  }),
});

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const hundred = Array.from({ length: 100 }, (_, i) =>
  i % 10 === 0 ? LISTED : `0x${(i + 1).toString(16).padStart(40, "0")}`,
);
const CASES = [
  ["ofac_wallet_screen, 1 address", ofacWalletScreen, { address: LISTED }],
  ["wallet_sanctions_report, 1 address", walletSanctionsReport, { address: LISTED }],
  ["batch_wallet_screen, 100 addresses", batchWalletScreen, { addresses: hundred }],
  [
    "edd_report (json), 100 addresses",
    eddReport,
    { subject_name: "Bench Ltd", addresses: hundred, output_format: "json" },
  ],
];

async function timed(op, raw, options) {
  const start = performance.now();
  const answer = await execute(op, raw, deps, options);
  const elapsed = performance.now() - start;
  if (!answer.ok) throw new Error(`${op.name} refused: ${answer.failure.message}`);
  if (options.attest !== undefined && typeof answer.output.attestation !== "string") {
    throw new Error(`${op.name} answered without an attestation`);
  }
  return elapsed;
}

console.log(
  `node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ${RUNS} runs of ${CALLS} calls each way, alternating`,
);
let peak = process.memoryUsage().rss;
for (const [name, op, raw] of CASES) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < WARM_UP; i++) {
      await timed(op, raw, {});
      await timed(op, raw, { attest });
    }
    const plain = [];
    const signed = [];
    for (let i = 0; i < CALLS; i++) {
      plain.push(await timed(op, raw, {}));
      signed.push(await timed(op, raw, { attest }));
    }
    runs.push({
      plain50: median(plain),
      plain99: quantile(plain, 0.99),
      signed50: median(signed),
      signed99: quantile(signed, 0.99),
    });
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const of = (k) => median(runs.map((r) => r[k]));
  console.log(
    `${name.padEnd(38)} unsigned p50 ${ms(of("plain50"))} p99 ${ms(of("plain99"))} | signed p50 ${ms(
      of("signed50"),
    )} p99 ${ms(of("signed99"))} | signing adds p50 ${ms(of("signed50") - of("plain50"))}`,
  );
}
console.log(`peak rss ${(peak / 2 ** 20).toFixed(0)} MiB`);
