import { readFileSync } from "node:fs";
import { join } from "node:path";
import { engineWarnings } from "./consumer.mjs";
import { CheckFailure } from "./steps.mjs";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** The ```bash blocks of a README that run a package through `npx`, each with the output its
 * `# ` comment lines show (none: any output). */
function npxCommands(readmePath) {
  const readme = readFileSync(readmePath, "utf8");
  return [...readme.matchAll(/```bash\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .filter((block) => /(^|\s)npx /.test(block))
    .map((block) => {
      const lines = block.trimEnd().split("\n");
      const expected = lines.filter((l) => l.startsWith("# ")).map((l) => l.slice(2));
      const command = lines.filter((l) => !l.startsWith("# ")).join("\n");
      return { command, expected };
    });
}

/**
 * Runs the bins from the registry through `npx`, in an empty folder that only has the scope's
 * npmrc: `ofac-index` screens Lazarus Group's address on the embedded sample (--sample), `svc-mcp --help`
 * prints what the workspace build prints, and every `npx` command of @svc/mcp's README runs
 * verbatim with the output it shows. Engine warnings from npx's install fail too.
 */
export async function checkRegistryBins(clock, root, dir, mcpReadme, env) {
  const lines = [];
  const fail = (what, r) => {
    throw new CheckFailure(what, r.output.trim());
  };
  const noEngineWarnings = (what, r) => {
    const engines = engineWarnings(r.output);
    if (engines.length > 0) fail(`${what} warned about engines: ${engines.join(", ")}`, r);
  };

  let start = performance.now();
  const screen = await clock.run(
    "npx",
    ["-y", "-p", "@svc/ofac-index", "ofac-index", "screen", LAZARUS, "--sample"],
    { cwd: dir, env, limitMs: 240_000 },
  );
  if (screen.code !== 0) fail(`npx ofac-index screen exited ${screen.code}`, screen);
  noEngineWarnings("npx -p @svc/ofac-index", screen);
  let status;
  try {
    status = JSON.parse(screen.stdout).summary.status;
  } catch {
    fail("npx ofac-index screen did not print its JSON result", screen);
  }
  if (status !== "match") fail(`npx ofac-index screen answered ${status}, not match`, screen);
  lines.push(`npx -y -p @svc/ofac-index ofac-index screen …: match (${ms(start)})`);

  start = performance.now();
  const help = await clock.run("npx", ["-y", "@svc/mcp", "--help"], {
    cwd: dir,
    env,
    limitMs: 300_000,
  });
  if (help.code !== 0) fail(`npx @svc/mcp --help exited ${help.code}`, help);
  noEngineWarnings("npx @svc/mcp", help);
  const built = await clock.runOk(
    process.execPath,
    [join(root, "apps/mcp/dist/main.js"), "--help"],
    {
      env,
      limitMs: 30_000,
    },
  );
  if (help.stdout !== built.stdout) {
    fail("npx @svc/mcp --help printed something else than the workspace build", help);
  }
  lines.push(`npx -y @svc/mcp --help: the workspace's usage text (${ms(start)})`);

  const commands = npxCommands(mcpReadme);
  if (commands.length === 0) throw new CheckFailure(`${mcpReadme} shows no npx command`);
  for (const { command, expected } of commands) {
    start = performance.now();
    const r = await clock.run("bash", ["-c", command], { cwd: dir, env, limitMs: 120_000 });
    const shown = command.split("\n")[0];
    if (r.code !== 0) fail(`README command exited ${r.code}: ${shown}`, r);
    const printed = r.stdout.trimEnd().split("\n");
    if (expected.length > 0 && printed.join("\n") !== expected.join("\n")) {
      fail(
        `README command printed ${JSON.stringify(printed)}, not ${JSON.stringify(expected)}: ${shown}`,
        r,
      );
    }
    lines.push(`@svc/mcp README: ${shown.slice(0, 60)}… (${ms(start)})`);
  }
  return lines;
}

const ms = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
