import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ListLoader,
  type RefreshCoordinator,
  SAMPLE_XML_PATH,
  SnapshotStore,
} from "@svc/ofac-index/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadList } from "./list-runtime.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "list-runtime-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("reloadList (SIGHUP)", () => {
  it("while another replica refreshes, tries again until its own refresh runs", async () => {
    const source = join(dir, "sdn.xml");
    await copyFile(SAMPLE_XML_PATH, source);
    let busy = 2; // another replica holds the refresh for the first two attempts
    const coordinator: RefreshCoordinator = {
      exclusive: async (work) => (busy-- > 0 ? { ran: false } : { ran: true, value: await work() }),
      announce: async () => {},
      subscribe: () => async () => {},
    };
    const outcomes: string[] = [];
    const loader = new ListLoader({
      source,
      store: new SnapshotStore(join(dir, "snapshots")),
      coordinator,
      onEvent: (e) => outcomes.push(e.type),
    });
    try {
      const status = await reloadList(loader);
      expect(status).toMatchObject({ ok: true, outcome: "updated" });
      expect(outcomes.filter((t) => t === "skipped")).toHaveLength(2);
      expect(loader.ready).toBe(true);
    } finally {
      await loader.stop();
    }
  });
});
