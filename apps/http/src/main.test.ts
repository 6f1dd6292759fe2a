import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ledgerDir } from "./test-support/ledger-dir.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

describe("the service process", () => {
  it("starts on a free port, says where, serves, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: "0", LEDGER_DIR: ledgerDir() },
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: string) => {
        out += chunk;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.once("exit", () => reject(new Error(`exited early: ${out}`)));
    });
    expect(out).toMatch(
      /demo payer \(public devnet key, 100 USDC\): 0x[0-9a-fA-F]{40} 0x[0-9a-f]{64}/,
    );
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(
      (await fetch(`${url}/api/ofac-wallet-screen/0x098B716B8Aaf21512996dC57EB0615e2383E2f96`))
        .status,
    ).toBe(402);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("refuses to start in production with devnet settings, naming the problems", async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: "0", SVC_MODE: "production" },
    });
    let err = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (c: string) => {
      err += c;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(err).toMatch(/PAY_TO: is required in production/);
    expect(err).toMatch(/FACILITATOR_URL: is required in production/);
  });
});
