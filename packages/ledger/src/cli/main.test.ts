import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedger } from "../open/open-ledger.js";
import { newAuthorization } from "../test-support/reservation-store-contract.js";

const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

let root: string;
let dir: string;

/** Runs the CLI on the test's ledger directory (or the environment given). */
function run(args: string[], env: Record<string, string> = { LEDGER_DIR: dir }) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ledger-cli-"));
  dir = join(root, "ledger");
  // Rows written through the ledger, then the directory let go for the CLI.
  const ledger = await openLedger({ dir });
  const pay = async (operation: string, amount: string) => {
    const { details } = newAuthorization(operation);
    await ledger.reserve({ ...details, amount, expiresAt: Date.now() + 60_000 });
    return details.authorization;
  };
  await ledger.markSettled(await pay("/v1/screen", "10000"), "0xaa");
  await ledger.markSettled(await pay("/v1/screen", "10000"), "0xbb");
  await ledger.markSettled(await pay("screen_addresses", "250000"), "0xcc");
  await ledger.markServed(await pay("/v1/screen/batch", "50000"));
  await ledger.markFailed(await pay("/v1/screen", "10000"), "settlement_timeout");
  await ledger.close();
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("svc-ledger", () => {
  it("totals: a table by UTC day and operation, with a total line; --json gives the rows", () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = run(["totals", "--days", "3"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^DAY\s+OPERATION\s+SETTLED\s+USDC\s+PENDING\s+FAILED\s+RELEASED$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/))).toEqual([
      [today, "/v1/screen", "2", "0.02", "0", "1", "0"],
      [today, "/v1/screen/batch", "0", "0.00", "1", "0", "0"],
      [today, "screen_addresses", "1", "0.25", "0", "0", "0"],
      ["total", "3", "0.27", "1", "1", "0"],
    ]);
    const json = JSON.parse(run(["totals", "--json"]).stdout);
    expect(json).toContainEqual({
      day: today,
      operation: "/v1/screen",
      settled: 2,
      settledAmount: "20000",
      pending: 0,
      failed: 1,
      released: 0,
    });
  });

  it("pending and failed list the payments an operator follows up", () => {
    const pending = run(["pending"]);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toMatch(
      /^RESERVED AT\s+PAYMENT ID\s+STATUS\s+OPERATION\s+USDC\s+PAYER\s+NONCE\s+REQUEST\s+ATTEMPTS\s+LAST ERROR/,
    );
    expect(pending.stdout).toMatch(/served\s+\/v1\/screen\/batch\s+0\.05\s+0x[0-9a-f]{40}/);
    const failed = JSON.parse(run(["failed", "--json"]).stdout);
    expect(failed).toMatchObject([
      { status: "failed", operation: "/v1/screen", failureReason: "settlement_timeout" },
    ]);
    expect(run(["failed"]).stdout).toContain("settlement_timeout");
  });

  it("exit code 2 for wrong usage, with the hint; 0 for --help", () => {
    for (const args of [
      ["refunds"],
      ["totals", "--days", "0"],
      ["totals", "--limit", "3"],
      ["pending", "--days", "3"],
      ["failed", "extra"],
      [],
    ]) {
      const r = run(args);
      expect(r.code).toBe(2);
      if (args.length > 0) expect(r.stderr).toContain("(run svc-ledger --help)");
    }
    const help = run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(".svc/ledger");
  });

  it("exit code 1 when there is no ledger to read, or its configuration is refused", () => {
    const missing = run(["totals"], { LEDGER_DIR: join(root, "nowhere") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no ledger at");
    expect(missing.stderr).toContain("LEDGER_NOT_FOUND");
    const bad = run(["totals"], { DATABASE_URL: "mysql://db" });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
  });

  it("exit code 1 while the embedded ledger is open elsewhere (one user at a time)", async () => {
    const ledger = await openLedger({ dir });
    try {
      const r = run(["pending"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("LEDGER_DIR_IN_USE");
    } finally {
      await ledger.close();
    }
  });
});
