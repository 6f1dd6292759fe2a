import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadIndex, SnapshotStore } from "@svc/ofac-index/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type RunningService, startService } from "./start-service.js";

const EDITION = new URL(
  "../../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
  import.meta.url,
).pathname;

/** A list source: `hang` never answers, `fail` answers 500. */
let mode: "hang" | "fail" = "hang";
let answered = 0;
const source: Server = createServer((_req, res) => {
  if (mode === "fail") {
    answered++;
    res.writeHead(500).end("down");
  }
});
let url: string;
const dir = mkdtempSync(join(tmpdir(), "http-start-"));
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/sdn_advanced.xml`;
});
afterAll(async () => {
  source.closeAllConnections();
  await new Promise<void>((resolve) => source.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const logLines = (): Array<Record<string, unknown>> => logged;

async function start(env: Record<string, string>): Promise<RunningService> {
  return startService(
    loadServiceConfig({
      PORT: "0",
      LOG_REQUESTS: "0",
      OFAC_SOURCE: url,
      LEDGER_DIR: ledgerDir(),
      ...env,
    }),
    { log: memoryLog(logged) },
  );
}

describe("startService and the sanctions list", () => {
  it("start-up with a hanging source and a snapshot: listens and is ready from the snapshot before the source ever answers", async () => {
    mode = "hang";
    await new SnapshotStore(dir).put(await loadIndex(EDITION), new Date());
    const service = await start({ OFAC_SNAPSHOT_DIR: dir, OFAC_SAMPLE_FALLBACK: "0" });
    try {
      expect((await fetch(`${service.url}/ready`)).status).toBe(200);
      // No attempt on the source has ended: it has not answered.
      expect(service.loader.lastRefresh).toBeUndefined();
      expect(answered).toBe(0);
    } finally {
      await service.stop();
    }
  });

  it("LOG_REQUESTS=0 hides request lines only: a failing source's events are logged with the reason", async () => {
    mode = "fail";
    logged.length = 0;
    const service = await start({ OFAC_SAMPLE_FALLBACK: "0" });
    try {
      expect((await fetch(`${service.url}/ready`)).status).toBe(503);
      while (!logLines().some((l) => l.msg === "list.refresh-failed")) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(logLines().find((l) => l.msg === "list.refresh-failed")).toMatchObject({
        level: "warn",
        code: "HTTP_STATUS",
        message: expect.stringContaining("HTTP 500"),
      });
      expect(logLines().every((l) => String(l.msg).startsWith("list."))).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
