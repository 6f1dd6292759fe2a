import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type EditionAnnouncement,
  loadIndex,
  loadListConfig,
  SnapshotStore,
} from "@svc/ofac-index/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_REPORT_MODEL } from "../operations/documents/example-reports.js";
import { EDD_REPORT_TYPE } from "../operations/screening/edd-memo-report.js";
import { type RuntimeEvent, startComplianceRuntime } from "./start-runtime.js";
import { warmUpReports } from "./warm-up-reports.js";

const OFAC = new URL("../../../../../shared/data/ofac/xml/", import.meta.url).pathname;
const EDITION = `${OFAC}sdn_advanced_2025-11-19_3ed6690688.xml.gz`;
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** A source that takes every request and never answers. */
const hung: IncomingMessage[] = [];
const server = createServer((req) => {
  hung.push(req);
});
let url: string;
const dir = mkdtempSync(join(tmpdir(), "compliance-runtime-"));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sdn_advanced.xml`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("startComplianceRuntime never waits on the list's source", () => {
  it("start-up with a hanging source and a snapshot: ready from the snapshot before the source ever answers", async () => {
    const stored = await loadIndex(EDITION);
    await new SnapshotStore(dir).put(stored, new Date());
    const events: RuntimeEvent[] = [];
    const runtime = await startComplianceRuntime(
      loadListConfig({ OFAC_SOURCE: url, OFAC_SNAPSHOT_DIR: dir, OFAC_SAMPLE_FALLBACK: "0" }),
      { onEvent: (e) => events.push(e) },
    );
    try {
      expect(runtime.loader.ready).toBe(true);
      expect(runtime.loader.freshness().datasetSha256).toBe(stored.meta.datasetSha256);
      expect(runtime.deps.list.screen(LAZARUS).summary.status).toBe("match");
      expect(events.filter((e) => e.type === "loaded")).toEqual([
        expect.objectContaining({ from: `snapshot:${dir}` }),
      ]);
      // No answer came from the source (it never answers).
      expect(events.some((e) => e.type === "refresh-failed" || e.type === "unchanged")).toBe(false);
    } finally {
      await runtime.stop();
    }
  });

  it("start-up with nothing and a hanging source: resolves with no render worker started, not ready; a body's render starts one, admitting renderMaxPerPayer per payer", async () => {
    const runtime = await startComplianceRuntime(
      loadListConfig({ OFAC_SOURCE: url, OFAC_SAMPLE_FALLBACK: "0" }),
      { renderMaxPerPayer: 1, renderThreads: 1 },
    );
    try {
      expect(runtime.loader.ready).toBe(false);
      expect(() => runtime.deps.list.screen(LAZARUS)).toThrow(/no sanctions list is loaded/);
      // Nothing rendered, no worker: the start did not wait for one, nor hold its memory.
      expect(runtime.renderStats()).toMatchObject({ threads: 1, workers: 0, warmed: 0 });
      // A body is validated and rendered on a worker, by the documents' own preparer: the render
      // starts the worker, which warms up before it takes it.
      const json = new TextEncoder().encode(JSON.stringify(EXAMPLE_REPORT_MODEL));
      const rendered = await runtime.deps.renderBody?.(
        "xlsx",
        { operation: "report_xlsx_generate", json },
        { cells: 100 },
      );
      expect(rendered).toMatchObject({ ok: true, extra: { preview: expect.any(Array) } });
      expect(runtime.renderStats()).toMatchObject({ workers: 1, warmed: 1, workerErrors: 0 });
      // That worker warmed up on each document type, its fonts loaded, before it rendered.
      const { workers } = runtime.renderWarmth();
      expect(workers).toHaveLength(1);
      for (const worker of workers) {
        expect(new Set(worker.rendered)).toEqual(new Set(["pdf", "docx", "xlsx"]));
        expect(worker.pdfFonts).toContain("DejaVu Sans");
        expect(worker.error).toBeUndefined();
      }
      // One render per payer: a second is refused while the first is admitted.
      const admit = runtime.deps.admitRender;
      const first = admit?.({ type: "xlsx", cells: 10, payer: "0xa" });
      expect(() => admit?.({ type: "xlsx", cells: 10, payer: "0xa" })).toThrow(
        expect.objectContaining({ code: "RENDER_PAYER_BUSY" }),
      );
      first?.release();
    } finally {
      await runtime.stop();
    }
  });
});

describe("startComplianceRuntime with a store the replicas share", () => {
  it("serves the store's edition at once, and an edition another replica announces, recomputing the history", async () => {
    const shared = mkdtempSync(join(tmpdir(), "compliance-shared-"));
    try {
      const store = new SnapshotStore(shared);
      const older = await loadIndex(`${OFAC}sdn_advanced_2025-03-21_ab1f3255c9.xml.gz`);
      await store.put(older, new Date());
      let announce: (a: EditionAnnouncement) => void = () => {};
      const events: RuntimeEvent[] = [];
      const runtime = await startComplianceRuntime(
        loadListConfig({ OFAC_SOURCE: url, OFAC_SAMPLE_FALLBACK: "0" }),
        {
          onEvent: (e) => events.push(e),
          refresh: false,
          store,
          coordinator: {
            exclusive: async () => ({ ran: false }),
            announce: async () => {},
            subscribe: (listener) => {
              announce = listener;
              return async () => {};
            },
          },
        },
      );
      try {
        expect(runtime.loader.freshness().datasetSha256).toBe(older.meta.datasetSha256);
        // Another replica stores a newer edition and announces it.
        const newer = await loadIndex(EDITION);
        await store.put(newer, new Date());
        const historyBefore = events.filter((e) => e.type === "history").length;
        announce({ type: "edition", sha256: newer.meta.datasetSha256 });
        const deadline = Date.now() + 10_000;
        while (
          events.filter((e) => e.type === "history").length === historyBefore &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(runtime.loader.freshness().datasetSha256).toBe(newer.meta.datasetSha256);
        expect(events).toContainEqual(
          expect.objectContaining({ type: "adopted", datasetSha256: newer.meta.datasetSha256 }),
        );
        expect(events.filter((e) => e.type === "history").length).toBe(historyBefore + 1);
      } finally {
        await runtime.stop();
      }
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe("the render workers' warm-up", () => {
  it("is an EDD memo as the service writes one, on the embedded sample edition", async () => {
    const reports = await warmUpReports();
    expect(reports).toHaveLength(1);
    const [memo] = reports;
    expect(memo?.meta.reportType).toBe(EDD_REPORT_TYPE);
    expect(memo?.meta.sampleEdition).toBe(true);
    expect(memo?.tables.length).toBeGreaterThan(5);
  });
});
