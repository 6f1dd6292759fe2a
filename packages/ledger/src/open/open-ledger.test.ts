import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAuthorization } from "../test-support/reservation-store-contract.js";
import { openLedger } from "./open-ledger.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ledger-open-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("openLedger on a directory (embedded PGlite)", () => {
  it("keeps its payments across opens, and holds the directory for one user at a time", async () => {
    const dir = join(root, "ledger");
    const { details } = newAuthorization("/v1/screen");
    const first = await openLedger({ dir });
    try {
      expect(first.engine).toBe("pglite");
      expect(existsSync(`${dir}.lock`)).toBe(true);
      await expect(openLedger({ dir })).rejects.toMatchObject({
        code: "LEDGER_DIR_IN_USE",
        field: "dir",
      });
      expect(await first.reserve({ ...details, expiresAt: Date.now() + 60_000 })).toBe("reserved");
      await first.markSettled(details.authorization, "0xfeed");
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);

    // A lock left by a process that no longer runs is taken over.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    await writeFile(`${dir}.lock`, `${gone}\n`);
    const again = await openLedger({ dir });
    try {
      expect(await again.find(details.authorization)).toMatchObject({
        status: "settled",
        txHash: "0xfeed",
      });
    } finally {
      await again.close();
    }
  });
});
