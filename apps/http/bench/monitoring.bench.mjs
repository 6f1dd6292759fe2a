#!/usr/bin/env node
// monitoring.bench.mjs: what monitoring costs, on real editions and a real database (PGlite in
// memory, or PostgreSQL with --postgres), each figure beside a reference:
//
// 1. Re-screening on a new edition: OFAC's 2024-05-28 → 2025-03-21 change touches 163
//    addresses; a book of 1,000,000 monitored rows (1,000 monitors of 1,000 addresses, made
//    with one `insert … select generate_series`) holds 100 of them. Events per second, book rows
//    per second, and the peak RSS above the idle process; beside the same re-screening of a book
//    of those 100 rows alone (the cost should follow the change, not the book).
// 2. Delivery: messages per second from the outbox to a local receiver answering 204 (signed,
//    claimed, recorded), beside the same number of bare POSTs at the same concurrency.
// 3. A monitor's creation: `MonitorBook.create` of 1,000 addresses (ms), beside the screening
//    of those addresses that precedes it (the same loop with no book).
//
//   node bench/monitoring.bench.mjs [--postgres] [--runs N] [--messages N] [--rows N]   (after `pnpm build`)
import { createServer, request } from "node:http";
import { fileURLToPath } from "node:url";
import { generateSigningKey } from "@svc/attestations";
import { attesterFor, authorizationPayment } from "@svc/compliance";
import { migrate, PaymentLedger, pgliteSql, postgresSql } from "@svc/ledger";
import { addressListing, editionRef, touchedAddresses } from "@svc/monitoring";
import { diffEditions, normalizeAddress } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";
import { startPostgres } from "@svc/test-support/postgres-cluster";
import { newMessageId, newMonitorId } from "../dist/monitors/monitor-ids.js";
import { rescreenMonitors } from "../dist/monitors/rescreen-monitors.js";
import { startWebhookDeliverer } from "../dist/monitors/webhook-deliverer.js";

const numberArg = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const POSTGRES = process.argv.includes("--postgres");
const RUNS = numberArg("--runs", 5);
const MESSAGES = numberArg("--messages", 1000);
const BOOK_ROWS = numberArg("--rows", 1_000_000);
const PER_MONITOR = 1_000;
const MONITORED_CHANGES = 100;
const XML = fileURLToPath(new URL("../../../../shared/data/ofac/xml/", import.meta.url));
const OLD = `${XML}sdn_advanced_2024-05-28_863828489e.xml.gz`;
const NEW = `${XML}sdn_advanced_2025-03-21_ab1f3255c9.xml.gz`;
const OWNER = "eip155:8453:0x00000000000000000000000000000000000000a1";
const PAYMENT = {
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: "0x00000000000000000000000000000000000000a1",
  nonce: `0x${"ab".repeat(32)}`,
};
const NOT_LISTED = JSON.stringify({ listed: false, assets: [], parties: [] });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

/** Times `run` while sampling the RSS: its duration and the peak RSS above the one before. */
async function measured(run) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = performance.now();
  const value = await run();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { value, ms, peakAbove: peak - before, peak };
}

const cleanUps = [];
async function openBook() {
  let sql;
  if (POSTGRES) {
    const cluster = await startPostgres();
    cleanUps.push(() => cluster.stop());
    sql = postgresSql(cluster.url);
  } else {
    sql = await pgliteSql("memory");
  }
  cleanUps.push(() => sql.close());
  await migrate(sql);
  return { sql, book: new PaymentLedger(sql).monitorBook() };
}

/**
 * A book of `syntheticRows` never-listed addresses (1,000 per monitor, one statement) and the
 * `monitored` real addresses (one monitor each), all told what `old` says, the cursor at `old`.
 */
async function fillBook(sql, old, syntheticRows, monitored) {
  const edition = editionRef(old.meta);
  const monitors = Math.ceil(syntheticRows / PER_MONITOR) + monitored.length;
  const common = [OWNER, JSON.stringify(PAYMENT), new Date(Date.now() + 30 * 86_400_000)];
  await sql.query(
    `insert into monitors (id, owner, webhook_url, secret, payment, status, paid_until,
       created_at, updated_at)
     select 'mon_bench' || lpad(i::text, 16, '0'), $1, 'https://hooks.example.com/ofac',
       'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', $2::jsonb, 'active', $3, now(), now()
       from generate_series(1, $4::int) as i`,
    [...common, monitors],
  );
  const insert = await measured(() =>
    sql.query(
      `insert into monitor_addresses
         (monitor_id, normalized_address, address, listing, edition_date, edition_sha256)
       select 'mon_bench' || lpad((1 + (i - 1) / $1)::text, 16, '0'),
         '0x' || lpad(to_hex(i), 40, '0'), '0x' || lpad(to_hex(i), 40, '0'), $2::jsonb, $3, $4
         from generate_series(1, $5::int) as i`,
      [PER_MONITOR, NOT_LISTED, edition.datasetDate, edition.datasetSha256, syntheticRows],
    ),
  );
  const first = Math.ceil(syntheticRows / PER_MONITOR) + 1;
  await sql.query(
    `insert into monitor_addresses
       (monitor_id, normalized_address, address, listing, edition_date, edition_sha256)
     select 'mon_bench' || lpad(($1 + k - 1)::text, 16, '0'), n, n, l::jsonb, $4, $5
       from unnest($2::text[], $3::text[]) with ordinality as t (n, l, k)`,
    [
      first,
      monitored,
      monitored.map((n) => JSON.stringify(addressListing(old.lookup(n)))),
      edition.datasetDate,
      edition.datasetSha256,
    ],
  );
  await sql.query(
    `insert into monitor_cursor (id, edition_date, edition_sha256, updated_at) values (1, $1, $2, now())
     on conflict (id) do update set edition_date = $1, edition_sha256 = $2`,
    [edition.datasetDate, edition.datasetSha256],
  );
  await sql.query("analyze");
  return insert.ms;
}

/** Re-screens `book` from `old` to `next` RUNS times (brought back to `old` between runs). */
async function rescreenRuns(book, old, next, monitored, key) {
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    const { value, ms, peakAbove } = await measured(() =>
      rescreenMonitors({
        book,
        served: () => next,
        editionBySha: async (sha) => (sha === old.meta.datasetSha256 ? old : undefined),
        attestFor: (payment) =>
          attesterFor({
            key,
            baseUrl: "https://svc.example.com",
            payment: authorizationPayment(payment),
          }),
      }),
    );
    if (value?.events !== monitored.length) {
      throw new Error(`expected ${monitored.length} events, got ${value?.events}`);
    }
    results.push({ ms, peakAbove });
    // Back to the old edition, each address told what it says (not timed).
    const watches = new Set(monitored);
    await book.rescreen(editionRef(old.meta), new Date(), async (_previous, watchesOf) => ({
      messages: [],
      told: [...(await watchesOf([...watches])).values()].flat().map((w) => ({
        monitorId: w.monitorId,
        normalizedAddress: normalizeAddress(w.address),
        listing: addressListing(old.lookup(normalizeAddress(w.address))),
      })),
    }));
  }
  return {
    ms: median(results.map((r) => r.ms)),
    peakAbove: Math.max(...results.map((r) => r.peakAbove)),
  };
}

/** A receiver answering 204 to everything; counts what it got. */
async function receiver() {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanUps.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { url: `http://127.0.0.1:${server.address().port}/ofac`, count: () => count };
}

/** Delivers MESSAGES outbox messages of one monitor; resolves with the ms it took. */
async function deliveryRun(book, url, concurrency, key) {
  const monitorId = newMonitorId();
  const now = new Date();
  const body = JSON.stringify({ type: "monitor.screened", timestamp: now.toISOString(), data: {} });
  const messages = Array.from({ length: MESSAGES }, () => ({
    id: newMessageId(),
    monitorId,
    eventType: "monitor.screened",
    body,
    createdAt: now,
  }));
  await book.create(
    {
      id: monitorId,
      owner: OWNER,
      webhookUrl: url,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      payment: PAYMENT,
      paidUntil: new Date(now.getTime() + 86_400_000),
      createdAt: now,
      edition: { datasetDate: "2025-03-21", datasetSha256: "a".repeat(64) },
      addresses: [],
    },
    messages,
  );
  let delivered = 0;
  let done;
  const all = new Promise((resolve) => {
    done = resolve;
  });
  const start = performance.now();
  const deliverer = startWebhookDeliverer({
    book,
    policy: { allowLoopback: true },
    signingKey: key,
    pollMs: 50,
    concurrency,
    onAttempt: (a) => {
      if (a.monitorId === monitorId && a.outcome === "delivered" && ++delivered === MESSAGES) {
        done();
      }
    },
  });
  await all;
  const ms = performance.now() - start;
  await deliverer.stop();
  return ms;
}

/** MESSAGES bare POSTs of the same body, `concurrency` at a time. */
async function barePosts(url, concurrency) {
  const body = JSON.stringify({
    type: "monitor.screened",
    timestamp: new Date().toISOString(),
    data: {},
  });
  let next = 0;
  const post = () =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < MESSAGES) await post();
    }),
  );
  return performance.now() - start;
}

try {
  const engine = POSTGRES ? "PostgreSQL" : "PGlite (in memory)";
  const [old, next, key] = await Promise.all([
    loadIndex(OLD),
    loadIndex(NEW),
    generateSigningKey(),
  ]);
  const touched = touchedAddresses(diffEditions(old, next));
  const monitored = touched.slice(0, MONITORED_CHANGES);
  console.log(
    `monitoring on ${engine}: ${old.meta.datasetDate} → ${next.meta.datasetDate} touches ${touched.length} addresses, ${monitored.length} of them monitored; median of ${RUNS} runs`,
  );

  // 1. Re-screening: the whole book, and the 100 rows alone.
  const big = await openBook();
  const insertMs = await fillBook(big.sql, old, BOOK_ROWS - monitored.length, monitored);
  console.log(
    `  book of ${BOOK_ROWS.toLocaleString("en")} rows made in ${(insertMs / 1000).toFixed(1)} s (${Math.round(BOOK_ROWS / (insertMs / 1000)).toLocaleString("en")} rows/s, one insert … select generate_series)`,
  );
  const inBig = await rescreenRuns(big.book, old, next, monitored, key);
  const small = await openBook();
  await fillBook(small.sql, old, 0, monitored);
  const inSmall = await rescreenRuns(small.book, old, next, monitored, key);
  const rate = (ms) => Math.round(monitored.length / (ms / 1000)).toLocaleString("en");
  console.log("re-screening on a new edition (diff, book lookup, signed events, outbox, cursor)");
  console.log(
    `  book of ${BOOK_ROWS.toLocaleString("en")} rows: ${inBig.ms.toFixed(0)} ms, ${rate(inBig.ms)} events/s, ${Math.round(BOOK_ROWS / (inBig.ms / 1000)).toLocaleString("en")} book rows/s, peak RSS +${mb(inBig.peakAbove)} MB (process ${mb(process.memoryUsage().rss)} MB)`,
  );
  console.log(
    `  book of ${monitored.length} rows (reference): ${inSmall.ms.toFixed(0)} ms, ${rate(inSmall.ms)} events/s, peak RSS +${mb(inSmall.peakAbove)} MB`,
  );

  // 2. Delivery throughput, beside bare POSTs (the re-screenings' messages, addressed to
  // hooks.example.com, are cancelled first: only the local receiver is sent to).
  await small.sql.query(
    "update webhook_messages set status = 'cancelled' where status = 'pending'",
  );
  const target = await receiver();
  const concurrency = 16;
  const delivery = [];
  const bare = [];
  for (let run = 0; run < RUNS; run++) {
    delivery.push(await deliveryRun(small.book, target.url, concurrency, key));
    bare.push(await barePosts(target.url, concurrency));
  }
  const perSecond = (ms) => Math.round(MESSAGES / (median(ms) / 1000)).toLocaleString("en");
  console.log(
    `webhook delivery to a local receiver (${MESSAGES} messages, ${concurrency} in flight)`,
  );
  console.log(`  outbox → signed POST → recorded: ${perSecond(delivery)} messages/s`);
  console.log(`  bare POSTs (reference):          ${perSecond(bare)} messages/s`);

  // 3. A monitor of 1,000 addresses: its screening, then its creation in the book.
  const creation = [];
  const screening = [];
  for (let run = 0; run < RUNS; run++) {
    const addresses = Array.from(
      { length: PER_MONITOR },
      (_, i) => `0x${(run * PER_MONITOR + i + 1).toString(16).padStart(38, "0")}ff`,
    );
    const start = performance.now();
    const screened = addresses.map((address) => {
      const normalizedAddress = normalizeAddress(address);
      return {
        address,
        normalizedAddress,
        listing: addressListing(next.lookup(normalizedAddress)),
      };
    });
    screening.push(performance.now() - start);
    const now = new Date();
    const id = newMonitorId();
    const created = performance.now();
    await big.book.create(
      {
        id,
        owner: OWNER,
        webhookUrl: "https://hooks.example.com/ofac",
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        payment: PAYMENT,
        paidUntil: new Date(now.getTime() + 30 * 86_400_000),
        createdAt: now,
        edition: editionRef(next.meta),
        addresses: screened,
      },
      [
        {
          id: newMessageId(),
          monitorId: id,
          eventType: "monitor.screened",
          body: "{}",
          createdAt: now,
        },
      ],
    );
    creation.push(performance.now() - created);
  }
  console.log(
    `a monitor of ${PER_MONITOR.toLocaleString("en")} addresses (into the book of ${BOOK_ROWS.toLocaleString("en")} rows)`,
  );
  console.log(`  MonitorBook.create: ${median(creation).toFixed(1)} ms`);
  console.log(`  screening its addresses, no book (reference): ${median(screening).toFixed(1)} ms`);
} finally {
  for (const clean of cleanUps.reverse()) await clean().catch(() => {});
}
