import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ledgerDir } from "./test-support/ledger-dir.js";

const DEMO = fileURLToPath(new URL("../dist/demo.js", import.meta.url));

describe("pnpm demo", () => {
  it("starts the stack and the service, pays for one screening and shows receipt and balances", () => {
    // PORT 1 is never a running service here, so the demo starts its own.
    const r = spawnSync(process.execPath, [DEMO], {
      encoding: "utf8",
      env: { ...process.env, PORT: "1", LEDGER_DIR: ledgerDir() },
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /started the local stack and the service at http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(r.stdout).toMatch(/→ 200/);
    expect(r.stdout).toMatch(/"entityName": "Lazarus Group"/);
    expect(r.stdout).toMatch(/PAYMENT-RESPONSE: \{"success":true,"transaction":"0x[0-9a-f]{64}"/);
    expect(r.stdout).toMatch(/transaction: 0x[0-9a-f]{64}/);
    expect(r.stdout).toMatch(/payer 0x[0-9a-fA-F]{40}: 100\.000000 USDC → 99\.990000 USDC/);
    expect(r.stdout).toMatch(/payee 0x[0-9a-fA-F]{40}: 0\.000000 USDC → 0\.010000 USDC/);
  });

  it("with --solana, pays in USDC on Solana on the local runtime: receipt and the token balances", () => {
    const r = spawnSync(process.execPath, [DEMO, "--solana"], {
      encoding: "utf8",
      env: { ...process.env, PORT: "1", LEDGER_DIR: ledgerDir() },
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/→ 200/);
    expect(r.stdout).toMatch(
      /PAYMENT-RESPONSE: \{"success":true,"transaction":"[1-9A-HJ-NP-Za-km-z]{64,88}","network":"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"/,
    );
    expect(r.stdout).toMatch(
      /payer [1-9A-HJ-NP-Za-km-z]{32,44}: 100\.000000 USDC → 99\.990000 USDC/,
    );
    expect(r.stdout).toMatch(/payee [1-9A-HJ-NP-Za-km-z]{32,44}: 0\.000000 USDC → 0\.010000 USDC/);
  });

  it("with settlement after the answer, shows the answer first, then the receipt once settled", () => {
    const r = spawnSync(process.execPath, [DEMO], {
      encoding: "utf8",
      env: {
        ...process.env,
        PORT: "1",
        LEDGER_DIR: ledgerDir(),
        X402_SETTLEMENT: "after-response",
        DEVNET_BLOCK_TIME: "2",
      },
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    // The payer never paid before: its first call settles first, its second is answered first.
    expect(r.stdout).toMatch(/first call was settled before its answer/);
    expect(r.stdout).toMatch(/payment pay_[0-9a-f]{32} pending: the answer came first/);
    expect(r.stdout).toMatch(/PAYMENT-RESPONSE: \{"success":true,"transaction":"0x[0-9a-f]{64}"/);
    expect(r.stdout).toMatch(/payer 0x[0-9a-fA-F]{40}: 100\.000000 USDC → 99\.980000 USDC/);
  });
});
