import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedger } from "../open/open-ledger.js";
import { newAuthorization } from "../test-support/reservation-store-contract.js";

const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
/** A well-formed payment id that no ledger has, and a transaction hash. */
const ID = `pay_${"0".repeat(32)}`;
const TX = `0x${"Ab".repeat(32)}`;

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

/**
 * Each CLI run is a process opening the ledger (PGlite's WebAssembly start), and a test runs up to
 * six of them: seconds each on a quiet machine, far more while CI runs every package at once (51 s
 * for one test once, on two cores). A guard against a hung CLI, not a measure of speed.
 */
const CLI_TEST_TIMEOUT_MS = 300_000;

describe("svc-ledger", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
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
      ["pending", "--tx", TX],
      ["totals", ID],
      [],
    ]) {
      const r = run(args);
      expect(r.code).toBe(2);
      if (args.length > 0) expect(r.stderr).toContain("(run svc-ledger --help)");
    }
    const help = run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(".svc/ledger");
    const synopses = help.stdout
      .split("\n")
      .filter((line) => line.startsWith("  "))
      .map((line) => line.trim().split(/\s{2,}/)[0]);
    expect(synopses).toEqual([
      "totals [--days N] [--json]",
      "pending [--limit N] [--json]",
      "failed [--limit N] [--json]",
      "show <paymentId> [--json]",
      "paid <paymentId> --tx <0x…> [--json]",
      'unblock <paymentId> --reason "<why>" [--json]',
    ]);
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

describe("svc-ledger show and paid", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let payments: string;
  /** The payments of this ledger: a deferred one the network refused and then failed. */
  let lost: { paymentId: string; payer: string };
  let settledId: string;
  let servedId: string;
  const on = (args: string[]) => run(args, { LEDGER_DIR: payments });

  beforeAll(async () => {
    payments = join(root, "payments");
    const ledger = await openLedger({ dir: payments });
    const reserved = async (amount = "10000") => {
      const key = newAuthorization("/v1/screen").details.authorization;
      await ledger.reserve({
        authorization: key,
        amount,
        operation: "/v1/screen",
        requestId: "req-7",
        expiresAt: Date.now() + 60_000,
      });
      return key;
    };
    // Answered first, refused by the network, then given up on: failed, its payer blocked.
    const key = await reserved("250000");
    await ledger.deferred.admit(key, () => ({ kind: "after-response" }));
    const paymentId = await ledger.deferred.record(
      key,
      { datasetSha256: "ab".repeat(32) },
      { payload: { signature: "0x01" }, requirements: { amount: "250000" } },
    );
    const claim = await ledger.deferred.claimOne(key, "replica-a");
    await ledger.deferred.retryLater(claim!, "insufficient_funds", "insufficient_funds", 0);
    const [again] = await ledger.deferred.claimDue("replica-a", {
      leaseSeconds: 30,
      limit: 10,
    });
    await ledger.deferred.giveUp(again!, "authorization_expired_unsettled", "payer");
    lost = { paymentId, payer: key.payer.toLowerCase() };
    const settled = await reserved();
    await ledger.markSettled(settled, `0x${"12".repeat(32)}`);
    settledId = (await ledger.find(settled))!.paymentId;
    const served = await reserved();
    await ledger.markServed(served);
    servedId = (await ledger.find(served))!.paymentId;
    await ledger.close();
  }, 120_000);

  it("show: every field of one payment as a list; --json gives the record", () => {
    const r = on(["show", lost.paymentId]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const fields = new Map(
      r.stdout
        .trimEnd()
        .split("\n")
        .map((line) => {
          const [, label, value] = /^(\S+(?: \S+)*)\s{2,}(.*)$/.exec(line) ?? [];
          return [label, value] as const;
        }),
    );
    expect(fields.size).toBe(26);
    expect(Object.fromEntries(fields)).toMatchObject({
      "payment id": lost.paymentId,
      status: "failed",
      operation: "/v1/screen",
      amount: "0.25 USDC (250000 atomic units)",
      payer: lost.payer,
      "request id": "req-7",
      transaction: "-",
      "failure reason": "authorization_expired_unsettled",
      "whose doing": "the payer's",
      "settled after its answer": "yes",
      "settlement attempts": "2",
      "last error": "insufficient_funds",
      "last refusal": "insufficient_funds",
      "dataset sha256": "ab".repeat(32),
      "screened addresses": "-",
    });
    const json = JSON.parse(on(["show", lost.paymentId, "--json"]).stdout);
    expect(Object.keys(json)).toHaveLength(26);
    expect(json).toMatchObject({
      paymentId: lost.paymentId,
      status: "failed",
      amount: "250000",
      failureReason: "authorization_expired_unsettled",
      lastRefusal: "insufficient_funds",
      txHash: null,
    });
  });

  it("show: exit 1 for a payment the ledger does not have, 2 for a malformed id", () => {
    const missing = on(["show", ID]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(`svc-ledger: no payment ${ID} in this ledger\n`);
    for (const args of [
      ["show"],
      ["show", "pay_123"],
      ["show", ID.toUpperCase()],
      ["show", `${ID}0`],
      ["show", ID, ID],
      ["show", ID, "--tx", TX],
      ["show", ID, "--days", "3"],
    ]) {
      const r = on(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("(run svc-ledger --help)");
    }
    expect(on(["show", "pay_123"]).stderr).toContain('"pay_123" is not a payment id');
    // Wrong usage is refused before any ledger is looked for.
    const nowhere = run(["show", "pay_123"], { LEDGER_DIR: join(root, "nowhere") });
    expect(nowhere.code).toBe(2);
  });

  it("paid: exit 1 saying its status for a payment that is not failed (nothing changes), 1 for an unknown one, 2 for wrong usage", () => {
    for (const [paymentId, status] of [
      [settledId, "settled"],
      [servedId, "served"],
    ] as const) {
      const before = on(["show", paymentId, "--json"]).stdout;
      const r = on(["paid", paymentId, "--tx", TX]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        `svc-ledger: payment ${paymentId} is ${status}: only a failed payment is recorded paid out of band\n`,
      );
      expect(on(["show", paymentId, "--json"]).stdout).toBe(before);
    }
    const unknown = on(["paid", ID, "--tx", TX]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`no payment ${ID} in this ledger`);
    for (const args of [
      ["paid", lost.paymentId],
      ["paid", "--tx", TX],
      ["paid", "pay_123", "--tx", TX],
      ["paid", lost.paymentId, "--tx", "0x12"],
      ["paid", lost.paymentId, "--tx", `${TX}0`],
      ["paid", lost.paymentId, "--tx"],
      ["paid", lost.paymentId, ID, "--tx", TX],
      ["paid", lost.paymentId, "--tx", TX, "--limit", "3"],
    ]) {
      const r = on(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("(run svc-ledger --help)");
    }
    expect(on(["paid", lost.paymentId]).stderr).toContain("--tx is needed");
    expect(on(["show", lost.paymentId, "--json"]).stdout).toContain('"status": "failed"');
  });

  it("paid: a failed payment settled with the transaction, its reason kept; its payer is served again", async () => {
    const blocked = async () => {
      const ledger = await openLedger({ dir: payments });
      try {
        const next = newAuthorization("/v1/screen").details.authorization;
        const key = { ...next, payer: lost.payer };
        await ledger.reserve({
          authorization: key,
          amount: "10000",
          operation: "/v1/screen",
          expiresAt: Date.now() + 60_000,
        });
        return await ledger.deferred.admit(key, (exposure) => ({
          kind: "exposure",
          blocked: exposure.blocked,
        }));
      } finally {
        await ledger.close();
      }
    };
    expect(await blocked()).toMatchObject({ blocked: true });

    const r = on(["paid", lost.paymentId, "--tx", TX]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const [headline, ...list] = r.stdout.trimEnd().split("\n");
    expect(headline).toBe(
      `${lost.paymentId} recorded paid out of band in ${TX.toLowerCase()}: settled; its payer is served again`,
    );
    expect(list).toHaveLength(26);
    expect(list).toContainEqual(expect.stringMatching(/^status\s+settled$/));
    expect(list).toContainEqual(
      expect.stringMatching(/^last error\s+paid out of band: authorization_expired_unsettled$/),
    );
    expect(list).toContainEqual(expect.stringMatching(/^failure reason\s+-$/));

    expect(JSON.parse(on(["show", lost.paymentId, "--json"]).stdout)).toMatchObject({
      status: "settled",
      txHash: TX.toLowerCase(),
      failureReason: null,
      lastError: "paid out of band: authorization_expired_unsettled",
    });
    expect(await blocked()).toMatchObject({ blocked: false });
    // Once only: it is settled now.
    const again = on(["paid", lost.paymentId, "--tx", TX, "--json"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is settled: only a failed payment");
  });

  it("unblock: a failed payment stays failed and unpaid, recorded as the operator's doing; its payer is served again", async () => {
    const ledger = await openLedger({ dir: payments });
    const key = newAuthorization("/v1/screen").details.authorization;
    await ledger.reserve({
      authorization: key,
      amount: "10000",
      operation: "/v1/screen",
      expiresAt: Date.now() + 60_000,
    });
    await ledger.deferred.admit(key, () => ({ kind: "after-response" }));
    const paymentId = await ledger.deferred.record(key, {}, { payload: {}, requirements: {} });
    const claim = await ledger.deferred.claimOne(key, "replica-a");
    await ledger.deferred.giveUp(claim!, "authorization_expired_unsettled", "payer");
    const blocked = async () => {
      const next = { ...newAuthorization("/v1/screen").details.authorization, payer: key.payer };
      await ledger.reserve({
        authorization: next,
        amount: "10000",
        operation: "/v1/screen",
        expiresAt: Date.now() + 60_000,
      });
      return ledger.deferred.admit(next, (e) => ({ kind: "exposure", blocked: e.blocked }));
    };
    expect(await blocked()).toMatchObject({ blocked: true });
    await ledger.close();

    for (const args of [
      ["unblock", paymentId],
      ["unblock", paymentId, "--reason", "  "],
      ["unblock", paymentId, "--reason", "x".repeat(201)],
      ["unblock", "--reason", "gas"],
    ]) {
      expect(on(args).code, args.join(" ")).toBe(2);
    }
    const r = on(["unblock", paymentId, "--reason", "the facilitator ran out of gas"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(
      `${paymentId} recorded as the operator's doing: still failed and unpaid; its payer is served again`,
    );
    expect(JSON.parse(on(["show", paymentId, "--json"]).stdout)).toMatchObject({
      status: "failed",
      fault: "operator",
      txHash: null,
      failureReason: "authorization_expired_unsettled",
      lastError:
        "unblocked by the operator: the facilitator ran out of gas (was: authorization_expired_unsettled)",
    });
    const reopened = await openLedger({ dir: payments });
    try {
      const next = { ...newAuthorization("/v1/screen").details.authorization, payer: key.payer };
      await reopened.reserve({
        authorization: next,
        amount: "10000",
        operation: "/v1/screen",
        expiresAt: Date.now() + 60_000,
      });
      expect(
        await reopened.deferred.admit(next, (e) => ({ kind: "exposure", blocked: e.blocked })),
      ).toMatchObject({ blocked: false });
    } finally {
      await reopened.close();
    }
    // Only a failed payment.
    const served = on(["unblock", servedId, "--reason", "no"]);
    expect(served.code).toBe(1);
    expect(served.stderr).toContain("only a failed payment is unblocked");
  });

  it("paid --json gives the settled record", async () => {
    const ledger = await openLedger({ dir: payments });
    const key = newAuthorization("/v1/screen").details.authorization;
    await ledger.reserve({
      authorization: key,
      amount: "10000",
      operation: "/v1/screen",
      expiresAt: Date.now() + 60_000,
    });
    await ledger.markFailed(key, "settlement_timeout");
    const { paymentId } = (await ledger.find(key))!;
    await ledger.close();
    const r = on(["paid", "--json", "--tx", TX, paymentId]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      paymentId,
      status: "settled",
      txHash: TX.toLowerCase(),
      failureReason: null,
      lastError: "paid out of band: settlement_timeout",
    });
  });
});
