import { execFile } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * What an operator installs: `pnpm --filter @svc/http deploy --prod`, a folder of the service's
 * production dependencies only, started on its own with a configured facilitator (the devnet's,
 * over HTTP, as a real one would be). It must carry neither the devnet nor anvil, nor any
 * development dependency, and it must take a real payment.
 */
const WORKSPACE = fileURLToPath(new URL("../../../../", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const run = promisify(execFile);

let dir: string;
let devnet: Devnet;
let service: ServiceProcess | undefined;
let url: string;

/** Bytes under `path`, symlinks not followed (pnpm links what it installed). */
function sizeOf(path: string): number {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isDirectory()) return stat?.size ?? 0;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-http-deploy-"));
  rmSync(dir, { recursive: true });
  // From the store the workspace was installed into (--offline: nothing may wait on the
  // network; --prefer-offline once stalled in resolution under the Node 24 pass). It needs the
  // registry metadata an install from an empty store caches; a machine whose store was filled
  // otherwise has none (ERR_PNPM_NO_OFFLINE_META): there, one `pnpm --filter @svc/http deploy
  // --prod --legacy --prefer-offline <dir>` caches it. Bounded, so a stuck install fails with what
  // pnpm said, not the hook's timeout.
  await run("pnpm", ["--filter", "@svc/http", "deploy", "--prod", "--legacy", "--offline", dir], {
    cwd: WORKSPACE,
    env: { ...process.env, CI: "true" },
    timeout: 240_000,
    killSignal: "SIGKILL",
  }).catch((error: { message: string; stdout?: string; stderr?: string }) => {
    const tail = (text = "") => text.split("\n").slice(-15).join("\n");
    throw new Error(
      `${error.message}\nstdout:\n${tail(error.stdout)}\nstderr:\n${tail(error.stderr)}`,
    );
  });
  devnet = await startDevnet({ payers: 1, httpFacilitator: true });
  service = await startServiceProcess(
    join(dir, "dist/main.js"),
    {
      PORT: "0",
      LOG_REQUESTS: "0",
      FACILITATOR_URL: devnet.facilitatorUrl as string,
      PAY_TO: devnet.payTo,
    },
    dir,
  );
  url = service.url;
}, 360_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.stop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("the production install (pnpm deploy --prod)", () => {
  it("holds no development dependency: no devnet, no anvil, no test or build tools", () => {
    const installed = readdirSync(join(dir, "node_modules/.pnpm"));
    for (const name of ["@svc+x402-devnet", "@foundry-rs", "vitest", "verdaccio", "@biomejs"]) {
      expect(installed.filter((entry) => entry.startsWith(name))).toEqual([]);
    }
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const name of Object.keys(manifest.devDependencies ?? {})) {
      expect(existsSync(join(dir, "node_modules", name)), name).toBe(false);
    }
    console.info(`production install: ${(sizeOf(dir) / 2 ** 20).toFixed(0)} MiB in ${dir}`);
  });

  it("starts with a configured facilitator, is ready, and takes a real payment for a screening", async () => {
    const ready = await fetch(`${url}/ready`);
    expect(ready.status).toBe(200);
    const unpaid = await fetch(`${url}/api/ofac-wallet-screen/${LISTED}`);
    expect(unpaid.status).toBe(402);
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const pay = payingNetworkFetch(payer.privateKey);
    const before = await devnet.balanceOf(devnet.payTo);
    const paid = await pay(`${url}/api/ofac-wallet-screen/${LISTED}`);
    expect(paid.status).toBe(200);
    const answer = (await paid.json()) as { data: { summary: { status: string } } };
    expect(answer.data.summary.status).toBe("match");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });
});
