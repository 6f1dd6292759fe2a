import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { copyFile, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * Several replicas on one PostgreSQL share the list's editions: one refreshes at a time, stores
 * the edition in the database and announces it; the others serve it as soon as they hear of it,
 * and a replica that starts later serves the stored edition at once, whatever its own source.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const XML = fileURLToPath(new URL("../../../../../shared/data/ofac/xml/", import.meta.url));
/** Two real editions, the older first (their XML's SHA-256 is what the service reports). */
const OLDER = join(XML, "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz");
const NEWER = join(XML, "sdn_advanced_2025-11-19_3ed6690688.xml.gz");
const shaOfGzip = (path: string) =>
  createHash("sha256")
    .update(gunzipSync(readFileSync(path)))
    .digest("hex");
/** How long a replica may take to load a real edition (parse and store) before the test fails. */
const LOAD_MS = 90_000;
/** How long the other replica may take to serve an announced edition: far above the second. */
const ADOPT_MS = 20_000;

let postgres: PostgresCluster;
let devnet: Devnet;
let dir: string;
let source: string;
const replicas: ServiceProcess[] = [];

/** A replica as deployed: its own process, the shared database, the configured facilitator. */
const startReplica = async (listSource: string): Promise<ServiceProcess> => {
  const replica = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    DATABASE_URL: postgres.url,
    FACILITATOR_URL: devnet.facilitatorUrl as string,
    PAY_TO: devnet.payTo,
    OFAC_SOURCE: listSource,
    OFAC_SAMPLE_FALLBACK: "0",
  });
  replicas.push(replica);
  return replica;
};

interface ListStatus {
  readonly data?: {
    readonly sourceFreshness?: {
      readonly datasetSha256?: string;
      readonly lastRefresh?: { readonly outcome: string };
    };
  };
}

const listStatus = async (replica: ServiceProcess): Promise<ListStatus> =>
  (await fetch(`${replica.url}/api/list`)).json() as Promise<ListStatus>;

/** The edition a replica's free list status names, or undefined while it has none. */
async function servedSha(replica: ServiceProcess): Promise<string | undefined> {
  return (await listStatus(replica)).data?.sourceFreshness?.datasetSha256;
}

/** Waits until a replica's own first check of its source has ended (whatever its outcome). */
async function checked(replica: ServiceProcess): Promise<string | undefined> {
  const deadline = Date.now() + LOAD_MS;
  let outcome: string | undefined;
  while (outcome === undefined && Date.now() < deadline) {
    outcome = (await listStatus(replica)).data?.sourceFreshness?.lastRefresh?.outcome;
    if (outcome === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return outcome;
}

/** Publishes an edition at `to` as a publisher would: whole, never half-written. */
async function publish(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  await copyFile(from, partial);
  await rename(partial, to);
}

/** Polls every replica until each serves `sha`: when each first did (ms since the epoch). */
async function whenServed(
  group: readonly ServiceProcess[],
  sha: string,
  withinMs: number,
): Promise<number[]> {
  const seen: (number | undefined)[] = group.map(() => undefined);
  const deadline = Date.now() + withinMs;
  while (seen.some((t) => t === undefined) && Date.now() < deadline) {
    await Promise.all(
      group.map(async (replica, i) => {
        if (seen[i] === undefined && (await servedSha(replica)) === sha) seen[i] = Date.now();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const missing = seen.flatMap((t, i) => (t === undefined ? [i] : []));
  if (missing.length > 0) {
    const shas = await Promise.all(group.map(servedSha));
    throw new Error(
      `replicas ${missing.join(", ")} did not serve ${sha} (they serve ${shas.join(", ")})`,
    );
  }
  return seen.map((t) => t ?? 0);
}

beforeAll(async () => {
  [postgres, devnet, dir] = await Promise.all([
    startPostgres(),
    startDevnet({ payers: 1, httpFacilitator: true }),
    mkdtemp(join(tmpdir(), "shared-editions-")),
  ]);
  source = join(dir, "sdn_advanced.xml.gz");
  await publish(OLDER, source);
}, 180_000);

afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await devnet?.stop();
  await postgres?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe("list editions shared by replicas on one PostgreSQL", () => {
  it(
    "after a refresh stores a new edition, both replicas answer its SHA-256; a replica started later serves it at once",
    async () => {
      const olderSha = shaOfGzip(OLDER);
      const newerSha = shaOfGzip(NEWER);
      // One after the other: the first creates the schema and stores the older edition.
      const first = await startReplica(source);
      await whenServed([first], olderSha, LOAD_MS);
      expect(await checked(first)).toBe("updated");
      const second = await startReplica(source);
      await whenServed([first, second], olderSha, LOAD_MS);
      // The second served the stored edition at once; its own check of the source confirms it.
      expect(await checked(second)).toBe("unchanged");

      // A new edition is published; one replica is told to reload (SIGHUP), the other is not.
      await publish(NEWER, source);
      const reloadedAt = Date.now();
      first.child.kill("SIGHUP");
      const [firstAt = 0, secondAt = 0] = await whenServed(
        [first, second],
        newerSha,
        LOAD_MS + ADOPT_MS,
      );
      const lag = secondAt - firstAt;
      console.log(
        `shared editions: the reloaded replica served ${newerSha.slice(0, 12)}… ${firstAt - reloadedAt} ms after SIGHUP; the other replica ${lag} ms after it`,
      );
      expect(lag).toBeLessThan(ADOPT_MS);

      // A third replica whose own source is missing serves the stored edition at once.
      const third = await startReplica(join(dir, "missing.xml"));
      const ready = (await (await fetch(`${third.url}/ready`)).json()) as {
        ready: boolean;
        list: { datasetSha256: string };
      };
      expect(ready.ready).toBe(true);
      expect(ready.list.datasetSha256).toBe(newerSha);
      expect(await servedSha(third)).toBe(newerSha);
    },
    LOAD_MS * 3 + ADOPT_MS,
  );
});
