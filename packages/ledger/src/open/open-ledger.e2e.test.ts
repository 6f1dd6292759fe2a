import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

/** The built package's ledger opened in another process (optionally under `prefix`, e.g. unshare). */
const HOLDER = fileURLToPath(new URL("../test-support/hold-ledger.mjs", import.meta.url));

/** Starts a process holding the ledger in `dir`; resolves once it has it open, with its PID as it sees it. */
function holdInAnotherProcess(dir: string, prefix: string[] = []) {
  const [command, ...args] = [...prefix, process.execPath, HOLDER, dir];
  if (command === undefined) throw new Error("nothing to run");
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const opened = new Promise<number>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const pid = /^open (\d+)$/m.exec(out)?.[1];
      if (pid !== undefined) resolve(Number(pid));
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${err}`)));
  });
  const killed = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  return { opened, killed };
}

/** Opens the ledger in `dir`, retrying while it is held, for at most `ms`. */
async function openWithin(dir: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await openLedger({ dir });
    } catch (error) {
      if (Date.now() > deadline || (error as { code?: string }).code !== "LEDGER_DIR_IN_USE") {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
        message: expect.stringContaining(`process ${process.pid} (this one)`),
      });
      expect(await first.reserve({ ...details, expiresAt: Date.now() + 60_000 })).toBe("reserved");
      await first.markSettled(details.authorization, "0xfeed");
    } finally {
      await first.close();
    }
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

  it("a lock file naming a running, unrelated process (a reused PID) does not keep the ledger closed", async () => {
    const dir = join(root, "reused-pid");
    const unrelated = spawn("sleep", ["30"]);
    try {
      await writeFile(`${dir}.lock`, `${unrelated.pid}\n`);
      const ledger = await openLedger({ dir });
      await ledger.close();
    } finally {
      unrelated.kill("SIGKILL");
    }
  });

  it("another process holding it refuses this one, naming it; killed with SIGKILL, it leaves nothing held", async () => {
    const dir = join(root, "killed-holder");
    const holder = holdInAnotherProcess(dir);
    const pid = await holder.opened;
    await expect(openLedger({ dir })).rejects.toMatchObject({
      code: "LEDGER_DIR_IN_USE",
      message: expect.stringContaining(`process ${pid}`),
    });
    await holder.killed();
    const ledger = await openLedger({ dir });
    await ledger.close();
  });

  // unshare forks the process that becomes PID 1; --kill-child ends it with unshare, as a
  // container's processes end with it.
  const UNSHARE = ["unshare", "--pid", "--fork", "--kill-child"];
  const canUnshare = spawnSync(UNSHARE[0] as string, [...UNSHARE.slice(1), "true"]).status === 0;
  it.skipIf(!canUnshare)(
    "restarted as PID 1 in a new PID namespace (a container), killed with SIGKILL, it comes up again, every time",
    async () => {
      const dir = join(root, "pid-one");
      for (let restart = 0; restart < 3; restart++) {
        const holder = holdInAnotherProcess(dir, UNSHARE);
        expect(await holder.opened).toBe(1);
        await holder.killed();
      }
      // The namespace's processes end just after unshare does: this process comes up within
      // seconds of the last one's end, as a restarted container does.
      const ledger = await openWithin(dir, 5_000);
      await ledger.close();
    },
  );
});
