// The archive's storage per issued attestation, on embedded PGlite (a directory, as the service
// uses it) and on a throwaway PostgreSQL cluster on 127.0.0.1: COUNT real attestations (Ed25519,
// one key) of 1, 20 and 100 addresses each (one listed Lazarus Group address, the rest distinct
// clear Ethereum addresses, as a batch or an EDD memo screens them), archived, then the table's
// pg_total_relation_size (rows, TOAST, indexes) divided by the count, and what a million cost.
// Run after `pnpm --filter @svc/ledger build`: node bench/attestation-archive.bench.mjs
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attestationClaims, generateSigningKey, signAttestation } from "@svc/attestations";
import { openLedger } from "@svc/ledger";
import { startPostgres } from "@svc/test-support/postgres-cluster";

const COUNT = 2000;
const SIZES = [1, 20, 100];
const LAZARUS = "0x098b716b8aaf21512996dc57eb0615e2383e2f96";
const EDITION = {
  datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
  datasetDate: "2025-11-19",
  sourceUrl: "https://sanctionslistservice.ofac.treas.gov/api/download/sdn_advanced.xml",
  sample: false,
};
const key = await generateSigningKey();
let serial = 0;

const clear = () =>
  `0x${createHash("sha256").update(`clear-${serial++}`).digest("hex").slice(0, 40)}`;

/** One real attestation of `n` addresses: the first listed, the others clear. */
async function attestation(n) {
  const addresses = [LAZARUS, ...Array.from({ length: n - 1 }, clear)];
  const results = addresses.map((a, i) => ({
    query: { address: a, normalizedAddress: a },
    summary: { status: i === 0 ? "match" : "clear" },
    matches: i === 0 ? [{ entryId: "36244", asset: "ETH" }] : [],
  }));
  const claims = attestationClaims({
    baseUrl: "https://screening.example.com",
    issuedAt: new Date(),
    screening:
      n === 1
        ? { ...results[0], query: { ...results[0].query, asset: null }, sourceFreshness: EDITION }
        : { query: { asset: null }, results, sourceFreshness: EDITION },
    payment: {
      network: "eip155:8453",
      asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      payer: `0x${"7e".repeat(20)}`,
      authorizationNonce: `0x${createHash("sha256").update(`n${serial++}`).digest("hex")}`,
    },
  });
  return signAttestation(claims, key);
}

async function measure(name, ledger) {
  const archive = ledger.attestationArchive();
  for (const n of SIZES) {
    const before = (await archive.size()).bytes;
    let chars = 0;
    for (let i = 0; i < COUNT; i++) {
      const jws = await attestation(n);
      chars += jws.length;
      await archive.archive(jws);
    }
    const { bytes } = await archive.size();
    // What this batch added (the table grows by the rows of each size in turn).
    const perRow = (bytes - before) / COUNT;
    console.log(
      `${name}: ${n} address${n === 1 ? "" : "es"}: JWS ${Math.round(chars / COUNT)} characters, ${Math.round(perRow)} bytes an attestation on disk, ${((perRow * 1e6) / 1e9).toFixed(2)} GB a million`,
    );
  }
}

const dir = await mkdtemp(join(tmpdir(), "archive-bench-"));
try {
  const pglite = await openLedger({ dir: join(dir, "ledger") });
  await measure("PGlite", pglite);
  await pglite.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
const postgres = await startPostgres();
try {
  const ledger = await openLedger({ databaseUrl: postgres.url });
  await measure("PostgreSQL", ledger);
  await ledger.close();
} finally {
  await postgres.stop();
}
