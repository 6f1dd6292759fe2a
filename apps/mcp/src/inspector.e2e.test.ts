import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { PROMPTS, TOOLS } from "@svc/mcp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN, type RunningBin, startHttpBin } from "./test-support/bin.js";

/**
 * The MCP Inspector's CLI, a client nobody here wrote, against both transports. Inspector 2.x
 * needs Node >= 22.19: on older Node (CI's first pass runs Node 20) these tests are skipped,
 * and CI's Node 24 pass runs them.
 */
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const SUPPORTED = major > 22 || (major === 22 && minor >= 19);
const WHY = SUPPORTED
  ? ""
  : ` (skipped: the Inspector needs Node >= 22.19, this is ${process.version})`;

const require = createRequire(import.meta.url);
const PKG = require.resolve("@modelcontextprotocol/inspector/package.json");
const { bin } = JSON.parse(readFileSync(PKG, "utf8")) as { bin: Record<string, string> };
const INSPECTOR = join(dirname(PKG), bin["mcp-inspector"] as string);
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

const run = promisify(execFile);
// The Inspector keeps a catalog and secrets under HOME: give it one of its own.
let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "svc-mcp-inspector-"));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** `mcp-inspector --cli --format json -q ...` on this Node, its stdout parsed. */
async function inspect(args: readonly string[]): Promise<{ result: Record<string, unknown> }> {
  const { stdout } = await run(
    process.execPath,
    [INSPECTOR, "--cli", "--format", "json", "-q", ...args],
    {
      env: { ...process.env, HOME: home, OFAC_REFRESH_MINUTES: "10080" },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    },
  ).catch((error: { code?: unknown; signal?: unknown; stdout?: string; stderr?: string }) => {
    throw new Error(
      `the Inspector failed (exit ${String(error.code)}, signal ${String(error.signal)})\nstdout: ${error.stdout}\nstderr: ${error.stderr}`,
    );
  });
  return JSON.parse(stdout) as { result: Record<string, unknown> };
}

const names = (items: unknown) => (items as { name: string }[]).map((i) => i.name);

/** Skipped, saying why, where the Inspector cannot run. */
const inspectorIt = it.skipIf(!SUPPORTED);

/** The three calls, against a server the Inspector reaches through `target` arguments. */
function checks(target: () => readonly string[]) {
  inspectorIt(
    `tools/list: the 12 tools, no error-severity schema portability problem (--strict)${WHY}`,
    async () => {
      const { result } = await inspect(["--method", "tools/list", "--strict", ...target()]);
      expect(names(result.tools)).toEqual(TOOLS.map((t) => t.name));
    },
  );

  inspectorIt(`tools/call ofac_wallet_screen --tool-arg address=...: a match${WHY}`, async () => {
    const { result } = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      "ofac_wallet_screen",
      "--tool-arg",
      `address=${LISTED}`,
      ...target(),
    ]);
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({
      success: true,
      data: { summary: { status: "match", matchCount: 1 } },
    });
  });

  inspectorIt(`prompts/list: the 6 prompts${WHY}`, async () => {
    const { result } = await inspect(["--method", "prompts/list", ...target()]);
    expect(names(result.prompts)).toEqual(PROMPTS.map((p) => p.name));
  });
}

describe("the MCP Inspector CLI against the stdio bin (it spawns svc-mcp)", () => {
  // After the options: `--tool-arg` takes several values, so `--` ends them.
  checks(() => ["--", process.execPath, MAIN]);
});

describe("the MCP Inspector CLI against svc-mcp --http", () => {
  let server: { bin: RunningBin; mcpUrl: string } | undefined;
  beforeAll(async () => {
    if (SUPPORTED) server = await startHttpBin();
  });
  afterAll(async () => {
    await server?.bin.kill();
  });
  checks(() => ["--transport", "http", "--server-url", server?.mcpUrl ?? ""]);
});
