import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { LedgerError } from "../errors/ledger-error.js";

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

/**
 * Takes `<dir>.lock` for this process (its pid inside), so no second process (or second open in
 * this one) writes the directory at the same time. A lock left by a process that no longer runs
 * is taken over. Resolves to the function that gives the lock back.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  await mkdir(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx" });
      return async () => {
        if ((await readFile(file, "utf8").catch(() => "")).trim() === String(process.pid)) {
          await unlink(file).catch(() => {});
        }
      };
    } catch (error) {
      if (!hasCode(error, "EEXIST")) throw error;
      const holder = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new LedgerError(
          "LEDGER_DIR_IN_USE",
          "dir",
          `the ledger directory ${dir} is open in process ${holder}${holder === process.pid ? " (this one)" : ""}; an embedded ledger has one user at a time: stop it, or use a PostgreSQL server (DATABASE_URL)`,
        );
      }
      await unlink(file).catch(() => {});
    }
  }
  throw new LedgerError("LEDGER_DIR_IN_USE", "dir", `could not take the lock ${file}`);
}
