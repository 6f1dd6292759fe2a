import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSigningKey } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "./config/service-config.js";
import { ledgerDir } from "./test-support/ledger-dir.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const GENERATE_KEY = fileURLToPath(new URL("../dist/generate-signing-key.js", import.meta.url));

/** Runs a script of this app to its exit: its exit code and what it wrote on stdout and stderr. */
async function runToExit(script: string, env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [script], { env });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    err += c;
  });
  const [code] = await once(child, "exit");
  return { code, out, err };
}

describe("the service process", () => {
  it("starts on a free port, says where, serves, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: "0",
        LEDGER_DIR: ledgerDir(),
        SIGNING_KEY_FILE: join(ledgerDir(), "signing-key.json"),
      },
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
    const { code, err } = await runToExit(MAIN, {
      ...process.env,
      PORT: "0",
      SVC_MODE: "production",
    });
    expect(code).toBe(1);
    expect(err).toMatch(/PAY_TO: is required in production/);
    expect(err).toMatch(/FACILITATOR_URL: is required in production/);
  });

  it("refuses to start in production without SIGNING_KEY, saying how to make one; the script it names makes a key the configuration takes", async () => {
    const production = {
      PORT: "0",
      SVC_MODE: "production",
      PAY_TO: "0x1234567890abcdef1234567890abcdef12345678",
      FACILITATOR_URL: "https://facilitator.example.com/x402",
    };
    const { code, err } = await runToExit(MAIN, { ...process.env, ...production, SIGNING_KEY: "" });
    expect(code).toBe(1);
    expect(err).toMatch(/^svc: SIGNING_KEY: is required in production/);
    expect(err).toContain("node dist/generate-signing-key.js");
    // The script: a private JWK on stdout (one line), its public half on stderr.
    const { code: scriptCode, out } = await runToExit(GENERATE_KEY);
    expect(scriptCode).toBe(0);
    const key = parseSigningKey(out.trim());
    expect(loadServiceConfig({ ...production, SIGNING_KEY: out.trim() }).signing.key).toEqual(key);
  });
});
