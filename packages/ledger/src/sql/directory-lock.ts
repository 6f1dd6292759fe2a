import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { LedgerError } from "../errors/ledger-error.js";

/**
 * One user of an embedded ledger directory at a time: two PGlite instances writing one directory
 * would corrupt it.
 *
 * The lock is an OS file lock (`flock(2)`) on `<dir>.lock`, held on an open descriptor by a
 * small helper process (util-linux's or BusyBox's `flock`, running `cat` on a pipe from this
 * process). The kernel drops the lock when that descriptor closes, and the helper ends the moment
 * this process does, however it ends (kill -9 included), because its input pipe closes. So a
 * lock can never outlive its holder: a restart always finds it free, whatever PID it runs as (PID
 * 1 in a container restarts as PID 1), and no unrelated process holding a reused PID can keep it.
 * Two processes in different PID or network namespaces sharing the directory still exclude each
 * other: the lock is on the file. The file itself holds the holder's PID, for the message only.
 *
 * Where no `flock` program exists (macOS), the lock falls back to the file holding the PID of a
 * process that must still run; that platform has no PID-1 restarts to trip on.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  await mkdir(dirname(file), { recursive: true });
  const held = await holdFileLock(file);
  if (held === "unsupported") return pidFileLock(dir, file);
  if (held === "busy") throw inUse(dir, await holderOf(file));
  await writeFile(file, `${process.pid}\n`);
  return held;
}

const inUse = (dir: string, holder: number | undefined): LedgerError =>
  new LedgerError(
    "LEDGER_DIR_IN_USE",
    "dir",
    `the ledger directory ${dir} is open in ${holder === undefined ? "another process" : `process ${holder}${holder === process.pid ? " (this one)" : ""}`}; an embedded ledger has one user at a time: stop it, or use a PostgreSQL server (DATABASE_URL)`,
  );

const holderOf = async (file: string): Promise<number | undefined> => {
  const pid = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
};

/** What the helper prints once it holds the lock. */
const HELD = "held";

/**
 * Takes `flock -n` on `file` in a helper process that holds it until its input closes: the
 * release function, `busy` when another descriptor holds the lock, or `unsupported` when there
 * is no `flock` program. The helper runs in its own process group, so a Ctrl-C meant for this
 * process does not release the lock while this process is still closing the database.
 */
function holdFileLock(file: string): Promise<(() => Promise<void>) | "busy" | "unsupported"> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const helper: ChildProcess = spawn(
      "flock",
      ["-n", file, "sh", "-c", `echo ${HELD}; exec cat >/dev/null`],
      { stdio: ["pipe", "pipe", "ignore"], detached: true },
    );
    const exited = new Promise<void>((done) => helper.once("exit", () => done()));
    helper.once("error", (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      if (error.code === "ENOENT") resolve("unsupported");
      else reject(error);
    });
    helper.stdout?.once("data", (chunk: Buffer) => {
      if (settled) return;
      settled = true;
      if (!chunk.toString().startsWith(HELD)) {
        helper.kill("SIGKILL");
        reject(new Error(`flock said ${JSON.stringify(chunk.toString())}`));
        return;
      }
      // The helper must not keep this process alive; its end follows this process's.
      helper.unref();
      (helper.stdin as { unref?: () => void } | null)?.unref?.();
      (helper.stdout as { unref?: () => void } | null)?.unref?.();
      resolve(async () => {
        // Held again while it ends: an unreferenced helper would let this process exit here,
        // before whatever follows the release.
        helper.ref();
        helper.stdin?.end();
        await exited;
      });
    });
    void exited.then(() => {
      if (settled) return;
      settled = true;
      resolve("busy");
    });
  });
}

/** Whether a process with this id runs (signal 0 checks without signalling). */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
};

const hasCode = (error: unknown, code: string): boolean =>
  error instanceof Error && "code" in error && error.code === code;

/** Where no `flock` exists: the file holds this process's PID; one of a process gone is taken over. */
async function pidFileLock(dir: string, file: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx" });
      return async () => {
        if ((await holderOf(file)) === process.pid) await unlink(file).catch(() => {});
      };
    } catch (error) {
      if (!hasCode(error, "EEXIST")) throw error;
      const holder = await holderOf(file);
      if (holder !== undefined && isRunning(holder)) throw inUse(dir, holder);
      await unlink(file).catch(() => {});
    }
  }
  throw new LedgerError("LEDGER_DIR_IN_USE", "dir", `could not take the lock ${file}`);
}
