import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A fresh directory for one service's embedded ledger (`LEDGER_DIR`): test files run in
 * parallel, and an embedded ledger's directory belongs to one process at a time. Removed when
 * the test process exits.
 */
export function ledgerDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-ledger-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
