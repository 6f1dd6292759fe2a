import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The MCP conformance suite (`@modelcontextprotocol/conformance`, a client nobody here wrote)
// against one of the service's MCP endpoints: every server scenario the suite has, one test each,
// each run as its own `conformance server --scenario` process whose exit code is the verdict.
//
// A scenario that cannot pass for a reason that is not a defect (it calls the suite's own test
// tools, or a capability this server does not offer) is listed in the endpoint's expected-failures
// file with that reason: its test asserts the suite still fails it, and in the way the file says
// (so a fix, or a new way of failing, shows up and the file stays true). Every other scenario must
// pass.
//
// The suite needs Node >= 22 (it imports `fs.globSync`): on older Node (CI's first pass runs
// Node 20) these tests are skipped, saying why, and CI's Node 24 pass runs them.
//
// JavaScript with its declarations beside it, shared by the apps that serve MCP; the suite is
// resolved from the package whose tests run (each has it as a devDependency).

const [major = 0] = process.versions.node.split(".").map(Number);
const SUITE_RUNS = major >= 22;
const WHY = SUITE_RUNS
  ? ""
  : ` (skipped: the MCP conformance suite needs Node >= 22, this is ${process.version})`;

const require = createRequire(join(process.cwd(), "package.json"));
const PKG = require.resolve("@modelcontextprotocol/conformance/package.json");
const { bin, version } = JSON.parse(readFileSync(PKG, "utf8"));
const SUITE = join(dirname(PKG), bin.conformance);

/** How long one scenario may run before it counts as failed (each takes well under a second). */
const SCENARIO_TIMEOUT_MS = 30_000;

/** The scenarios CI runs against every MCP endpoint of the service, at the least. */
const REQUIRED_SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "prompts-list",
  "json-schema-2020-12",
  "dns-rebinding-protection",
];

const FIELDS = ["scenario", "reason", "failsWith"];

/** Reads an expected-failures file: a JSON array of `{ scenario, reason, failsWith }`. */
function readExpectedFailures(file) {
  const parsed = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(parsed)) throw new TypeError(`${fileURLToPath(file)}: not a JSON array`);
  return parsed.map((entry, i) => {
    for (const name of FIELDS) {
      const value = typeof entry === "object" && entry !== null ? entry[name] : undefined;
      if (typeof value !== "string" || value.trim() === "") {
        throw new TypeError(`${fileURLToPath(file)}: [${i}].${name} must be a non-empty string`);
      }
    }
    return { scenario: entry.scenario, reason: entry.reason, failsWith: entry.failsWith };
  });
}

/** The suite's server scenarios, as `conformance list --server` names them (pending ones too). */
function serverScenarios() {
  const listed = execFileSync(process.execPath, [SUITE, "list", "--server"], { encoding: "utf8" });
  return [...listed.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

/** `conformance server --url <url> --scenario <scenario>`, its checks read back from its output. */
async function runScenario(url, scenario) {
  const out = mkdtempSync(join(tmpdir(), "svc-mcp-conformance-"));
  try {
    const { failed, output } = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [SUITE, "server", "--url", url, "--scenario", scenario, "--output-dir", out],
        {
          env: { ...process.env, NO_COLOR: "1" },
          timeout: SCENARIO_TIMEOUT_MS,
          killSignal: "SIGKILL",
          maxBuffer: 16 * 1024 * 1024,
        },
        (error, stdout, stderr) => {
          const ended =
            error === null
              ? ""
              : error.killed
                ? `killed after ${SCENARIO_TIMEOUT_MS} ms\n`
                : `exit ${String(error.code)}\n`;
          resolve({ failed: error !== null, output: `${ended}${stdout}${stderr}` });
        },
      );
    });
    // One directory per run, `server-<scenario>-<time>/checks.json`: none if the scenario threw.
    const checks = readdirSync(out).flatMap((dir) =>
      JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")),
    );
    const failures = checks
      .filter((c) => c.status === "FAILURE")
      .map((c) =>
        [`${c.name}:`, c.errorMessage, c.details === undefined ? "" : JSON.stringify(c.details)]
          .filter(Boolean)
          .join(" "),
      );
    return { passed: !failed, failures: failed && failures.length === 0 ? [output] : failures };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Every server scenario of the suite against the endpoint `start` brings up (once, for the
 * file), judged against `expectedFailuresFile`.
 */
export function describeConformance(title, expectedFailuresFile, start) {
  const expected = readExpectedFailures(expectedFailuresFile);
  const fileName = basename(fileURLToPath(expectedFailuresFile));

  describe(`${title}: the MCP conformance suite ${version}`, () => {
    it(`${fileName} lists each scenario once`, () => {
      const names = expected.map((e) => e.scenario);
      expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    });

    if (!SUITE_RUNS) {
      it.skip(`every server scenario${WHY}`, () => {});
      return;
    }

    const scenarios = serverScenarios();
    let target;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(async () => {
      await target?.stop();
    });
    const urlOf = () => {
      if (target === undefined) throw new Error("the endpoint did not start");
      return target.mcpUrl;
    };

    it("has the scenarios CI must run", () => {
      expect(scenarios).toEqual(expect.arrayContaining(REQUIRED_SCENARIOS));
    });

    it(`${fileName} names only scenarios the suite has`, () => {
      expect(expected.map((e) => e.scenario).filter((s) => !scenarios.includes(s))).toEqual([]);
    });

    for (const scenario of scenarios) {
      const failure = expected.find((e) => e.scenario === scenario);
      if (failure === undefined) {
        it(`${scenario}: passes`, async () => {
          const run = await runScenario(urlOf(), scenario);
          expect(run.passed, `the suite fails ${scenario}:\n${run.failures.join("\n")}`).toBe(true);
        });
      } else {
        it(`${scenario}: fails, as ${fileName} expects`, async () => {
          const run = await runScenario(urlOf(), scenario);
          expect(
            run.passed,
            `the suite passes ${scenario} now, so "${failure.reason}" no longer holds: remove it from ${fileName}`,
          ).toBe(false);
          expect(
            run.failures.some((f) => f.includes(failure.failsWith)),
            `${scenario} fails otherwise than ${fileName} says ("${failure.failsWith}"):\n${run.failures.join("\n")}`,
          ).toBe(true);
        });
      }
    }
  });
}
