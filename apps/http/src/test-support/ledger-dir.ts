import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** The directories made in this test file, removed after its last hook. */
const made: string[] = [];
const removeAll = () => {
  for (const dir of made.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    // The embedded ledger's lock file beside it.
    rmSync(`${dir}.lock`, { force: true });
  }
};
// Registered when a test file imports this module, so it runs after the file's own afterAll
// hooks (which stop the services using the directories). A worker process ended by the pool
// never runs its `exit` handlers, which left every directory behind before.
afterAll(removeAll);
process.once("exit", removeAll);

/**
 * A fresh directory for one service's embedded ledger (`LEDGER_DIR`): test files run in
 * parallel, and an embedded ledger's directory belongs to one process at a time. Removed once
 * the test file is done.
 */
export function ledgerDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-ledger-"));
  made.push(dir);
  return dir;
}
