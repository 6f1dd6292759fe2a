import { execFile, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../test-support/daemon-process.js";
import { deployFile } from "../test-support/deploy-kit.js";
import { dockerfileStages, execForm, lastArgs } from "../test-support/dockerfile.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * What an operator installs: `pnpm --filter @svc/http deploy --prod`, a folder of the service's
 * production dependencies only, started on its own with a configured facilitator (the devnet's,
 * over HTTP, as a real one would be), then pruned of what Node never loads
 * (scripts/prune-production-install.mjs). It must carry neither the devnet nor anvil, nor any
 * development dependency, nor TypeScript, source maps or declarations; it must stay under 150 MiB
 * and take a real payment.
 */
const WORKSPACE = fileURLToPath(new URL("../../../../", import.meta.url));
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const run = promisify(execFile);

let dir: string;
let devnet: Devnet;
let service: ServiceProcess | undefined;
let url: string;
/** The install's files, listed before the service starts (and writes its ledger under `.svc`). */
let installFiles: { path: string; size: number }[];

const PRUNE = fileURLToPath(new URL("../../scripts/prune-production-install.mjs", import.meta.url));
/** The bound issue 35 set: the install was 350 MiB, 112 of them fonts no renderer reads. */
const MAX_MIB = 150;

/** Every file under `path` with its size, symlinks not followed (pnpm links what it installed). */
function filesUnder(path: string): { path: string; size: number }[] {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined || stat.isSymbolicLink()) return [];
  if (!stat.isDirectory()) return [{ path, size: stat.size }];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
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
  await run(process.execPath, [PRUNE, dir], { timeout: 120_000 });
  installFiles = filesUnder(dir);
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
  });

  it(`holds no TypeScript, source map or declaration, and is under ${MAX_MIB} MiB`, () => {
    const packages = readdirSync(join(dir, "node_modules/.pnpm"));
    expect(packages.filter((entry) => entry.startsWith("typescript@"))).toEqual([]);
    const files = installFiles;
    const pruned = files.filter((f) => /\.(?:map|[mc]?ts|tsx)$/.test(f.path));
    expect(pruned.map((f) => f.path)).toEqual([]);
    // Every file counted (a hard-linked one as often as it is linked): an upper bound of `du`.
    const mib = files.reduce((sum, f) => sum + f.size, 0) / 2 ** 20;
    console.info(`production install: ${mib.toFixed(1)} MiB in ${files.length} files (${dir})`);
    expect(mib).toBeLessThanOrEqual(MAX_MIB);
  });

  it("carries only the font weights the renderers read (regular and bold), not every weight", () => {
    const fonts = installFiles.filter((f) => /\.(?:woff2?|ttf|otf)$/.test(f.path));
    expect(fonts.length).toBeGreaterThan(0);
    const weights = new Set(fonts.map((f) => /-(\d{3})-normal\.woff2?$/.exec(f.path)?.[1]));
    weights.delete(undefined); // the DejaVu faces, named by style
    expect([...weights].sort()).toEqual(["400", "700"]);
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

describe("the image (deploy/docker/Dockerfile), checked against this install: no container engine runs here", () => {
  const stages = dockerfileStages(readFileSync(deployFile("docker/Dockerfile"), "utf8"));
  const build = stages[0];
  const runtime = stages.at(-1);
  if (build === undefined || runtime === undefined || stages.length < 2) {
    throw new Error("deploy/docker/Dockerfile has no build and runtime stages");
  }
  const runs = build.instructions
    .filter((i) => i.keyword === "RUN")
    .flatMap((i) => i.args.split("&&").map((command) => command.trim()));
  const copies = runtime.instructions.filter((i) => i.keyword === "COPY");
  /** The runtime's environment (`ENV K=V …`). */
  const env = new Map(
    runtime.instructions
      .filter((i) => i.keyword === "ENV")
      .flatMap((i) => i.args.split(/\s+/).map((kv) => kv.split("=") as [string, string])),
  );

  it("builds on node:24-slim with package.json's pnpm, from the lockfile, and runs on node:24-slim", () => {
    expect(build.from).toBe("node:24-slim");
    expect(runtime.from).toBe("node:24-slim");
    const root = JSON.parse(readFileSync(join(WORKSPACE, "package.json"), "utf8"));
    const pnpm = /^pnpm@([\d.]+)/.exec(root.packageManager)?.[1];
    expect(runs).toContain(`npm install --global --no-audit --no-fund pnpm@${pnpm}`);
    expect(runs).toContain("pnpm install --frozen-lockfile");
  });

  it("makes the production install with apps/http/README.md's commands, and the runtime copies only it", () => {
    const readme = readFileSync(join(WORKSPACE, "apps/http/README.md"), "utf8");
    const documented = /`(pnpm --filter "@svc\/http\.\.\." build && [^`]+)`/.exec(readme)?.[1];
    expect(documented).toBeDefined();
    expect(copies).toHaveLength(1);
    const [from, source, target] = copies[0]?.args.split(/\s+/) ?? [];
    expect(from).toBe(`--from=${build.name}`);
    for (const command of documented?.split("&&") ?? []) {
      expect(runs).toContain(command.trim().replaceAll("<dir>", source ?? ""));
    }
    expect(lastArgs(runtime, "WORKDIR")).toBe(target);
  });

  it("copies only from stages it defines", () => {
    const names = new Set(stages.map((s) => s.name));
    for (const stage of stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === "COPY")) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        if (from !== undefined) expect(names.has(from), copy.args).toBe(true);
      }
    }
  });

  it("runs as a user that is not root, in production, exposing the API's port", () => {
    const user = lastArgs(runtime, "USER");
    expect(user).toBeDefined();
    expect(user?.split(":")[0]).not.toMatch(/^(root|0)$/);
    expect(env.get("NODE_ENV")).toBe("production");
    expect(env.get("SVC_MODE")).toBe("production");
    expect(lastArgs(runtime, "EXPOSE")?.split(/\s+/)).toContain(env.get("PORT"));
  });

  it("its CMD starts a file of this install (dist/main.js), with node", () => {
    const cmd = execForm(lastArgs(runtime, "CMD") ?? "");
    expect(cmd?.[0]).toBe("node");
    expect(cmd).toHaveLength(2);
    expect(existsSync(join(dir, cmd?.[1] ?? "missing"))).toBe(true);
    expect(cmd?.[1]).toBe("dist/main.js");
  });

  it("its HEALTHCHECK, run as written, passes on this install's ready service and fails on a closed port", async () => {
    const healthcheck = lastArgs(runtime, "HEALTHCHECK") ?? "";
    const [node, ...args] = execForm(/\bCMD\s+(\[.*\])$/.exec(healthcheck)?.[1] ?? "") ?? [];
    expect(node).toBe("node");
    expect(args.join(" ")).toContain("/ready");
    const check = (port: string) =>
      run(process.execPath, args, { env: { PORT: port }, timeout: 10_000 }).then(
        () => 0,
        (error: { code?: number }) => error.code,
      );
    expect(await check(new URL(url).port)).toBe(0);
    expect(await check(String(await freeLoopbackPort()))).toBe(1);
  });

  it(".dockerignore keeps node_modules, dist and local state out of the build context", () => {
    const ignored = readFileSync(join(WORKSPACE, ".dockerignore"), "utf8").split("\n");
    for (const pattern of ["**/node_modules", "**/dist", "**/.svc", ".git"]) {
      expect(ignored).toContain(pattern);
    }
  });

  const hadolint = spawnSync("hadolint", ["--version"]).status === 0;
  it.skipIf(!hadolint)(
    "hadolint finds nothing to say (skipped where hadolint is not installed)",
    async () => {
      const { stdout } = await run("hadolint", [deployFile("docker/Dockerfile")]);
      expect(stdout).toBe("");
    },
  );
});
