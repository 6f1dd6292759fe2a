#!/usr/bin/env node
// Publishes every public package to a local registry and uses them the way someone outside the
// repository would: verdaccio on a free loopback port; `changeset version` and `pnpm publish` in
// a temporary copy of the workspace (the repository is not modified); then, in an empty folder
// outside the workspace, `npm install` of @svc/ofac-index, @svc/report-model, @svc/renderers
// and @svc/montecarlo by name (no engine warning allowed), their README examples run verbatim
// and a strict consumer type check of their entries; then the other public libraries likewise
// (every public entry type-checked together); then the bins through `npx` from the registry.
// Run after `pnpm build` (the root `pnpm test` does). Everything it starts or writes is removed
// at the end, also on failure; the whole run is bounded (LIMIT_MS).

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createConsumer, installByName, publicEntries } from "./publish/consumer.mjs";
import { checkConsumerTypes } from "./publish/consumer-types.mjs";
import { scopeNpmrc, startLocalRegistry } from "./publish/local-registry.mjs";
import {
  installLineExtras,
  README_EXAMPLES,
  runInstalledExamples,
} from "./publish/readme-examples.mjs";
import { checkRegistryBins } from "./publish/registry-bins.mjs";
import { publishStaged, stageRelease } from "./publish/stage-release.mjs";
import { CheckFailure, createClock, secondsSince } from "./publish/steps.mjs";
import { checkTarballs } from "./publish/tarball-contents.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The whole check's limit: every command gets at most what is left of it. */
const LIMIT_MS = 15 * 60_000;
/** The libraries a user installs by name first; the other public packages follow. */
const BY_NAME = ["@svc/ofac-index", "@svc/report-model", "@svc/renderers", "@svc/montecarlo"];

const started = performance.now();
const clock = createClock(LIMIT_MS);
const work = mkdtempSync(join(tmpdir(), "svc-publish-check-"));
if (!relative(root, work).startsWith("..")) {
  throw new Error(`the temporary folder ${work} is inside the workspace`);
}
mkdirSync(join(work, "tmp"));

/** The commands' environment: the npm cache and the temporary files live in `work`, and no
 * npm setting the check itself was started with (`pnpm run` exports some) reaches them. The
 * cache is this run's own, so nothing in it predates this run's publish: what it holds is used
 * without asking the registry again (`prefer-offline`). */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
Object.assign(env, {
  npm_config_cache: join(work, "npm-cache"),
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
  npm_config_prefer_offline: "true",
  TMPDIR: join(work, "tmp"),
});

/** npm's other warnings (deprecations of third-party packages, this machine's npmrc) are shown,
 * not judged. */
const reportOtherWarnings = (warnings) => {
  console.log(`publish-check:   no engine warning; ${warnings.length} other npm warning(s)`);
  for (const line of warnings) console.log(`publish-check:     ${line}`);
};

let registry;
let passed = false;
let cleaned = false;
const cleanup = async () => {
  if (cleaned) return;
  cleaned = true;
  const start = performance.now();
  clock.stopAll();
  await registry?.stop();
  rmSync(work, { recursive: true, force: true });
  console.log(`publish-check: cleaned up (${secondsSince(start)})`);
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`publish-check: ${signal}, cleaning up`);
    cleanup().finally(() => process.exit(1));
  });
}

try {
  await clock.step(`Node ${process.version}: npm and npx run on it`, async () => {
    const node = await clock.runOk("node", ["-p", "process.version"], { env, limitMs: 30_000 });
    if (node.stdout.trim() !== process.version) {
      throw new CheckFailure(
        `the node on PATH is ${node.stdout.trim()}, not ${process.version}: npm would judge engines on another Node`,
      );
    }
  });

  registry = await clock.step("start verdaccio on 127.0.0.1", async () => {
    const r = await startLocalRegistry(join(work, "registry"), env);
    console.log(`publish-check:   ${r.url}`);
    return r;
  });
  const npmrc = scopeNpmrc(registry.url, registry.token);
  const readNpmrc = scopeNpmrc(registry.url);

  const stage = join(work, "workspace");
  const members = await clock.step("changeset version in a copy of the workspace", () =>
    stageRelease(clock, root, stage, env),
  );
  const published = await clock.step("pnpm publish of every public package", async () => {
    const list = await publishStaged(clock, stage, members, npmrc, env);
    for (const p of list) console.log(`publish-check:   ${p.name}@${p.version}`);
    return list;
  });
  const libraries = published.filter((p) => p.manifest.exports?.["."] !== undefined);

  const consumer = createConsumer(join(work, "consumer"), readNpmrc);
  /** What the packages' README install lines add besides them, installed as a reader would. */
  const installExtras = async (names) => {
    const extras = installLineExtras(consumer, names);
    if (extras.length === 0) return;
    await clock.step(`npm install ${extras.join(" ")} (their README install lines)`, async () => {
      const { otherWarnings } = await installByName(clock, consumer, extras, env);
      reportOtherWarnings(otherWarnings);
    });
  };
  await clock.step("the published tarballs hold what they need and nothing else", async () => {
    for (const line of await checkTarballs(clock, published, consumer, env)) {
      console.log(`publish-check:   ${line}`);
    }
  });

  await clock.step(`npm install ${BY_NAME.join(" ")} outside the workspace`, async () => {
    const { otherWarnings } = await installByName(clock, consumer, BY_NAME, env);
    reportOtherWarnings(otherWarnings);
  });
  const byNameEntries = BY_NAME.flatMap((name) => publicEntries(consumer, name));
  await clock.step(`strict tsc of their ${byNameEntries.length} public entries`, () =>
    checkConsumerTypes(clock, root, consumer, byNameEntries, env),
  );
  await installExtras(BY_NAME);
  await clock.step("their README examples, verbatim", async () => {
    for (const line of runInstalledExamples(root, consumer, BY_NAME, env)) {
      console.log(`publish-check:   ${line}`);
    }
  });

  const others = libraries.map((p) => p.name).filter((name) => !BY_NAME.includes(name));
  await clock.step(`npm install ${others.join(" ")}`, async () => {
    const { otherWarnings } = await installByName(clock, consumer, others, env);
    reportOtherWarnings(otherWarnings);
  });
  const withExamples = others.filter((name) => name in README_EXAMPLES);
  await installExtras(withExamples);
  await clock.step(`README examples of ${withExamples.join(", ")}, verbatim`, async () => {
    for (const line of runInstalledExamples(root, consumer, withExamples, env)) {
      console.log(`publish-check:   ${line}`);
    }
  });
  const allEntries = libraries.flatMap((p) => publicEntries(consumer, p.name));
  await clock.step(`strict tsc of all ${allEntries.length} public entries together`, () =>
    checkConsumerTypes(clock, root, consumer, allEntries, env),
  );

  const empty = createConsumer(join(work, "npx"), readNpmrc);
  await clock.step("the bins through npx from the registry", async () => {
    const mcpReadme = join(stage, "apps/mcp/README.md");
    for (const line of await checkRegistryBins(clock, root, empty, mcpReadme, env)) {
      console.log(`publish-check:   ${line}`);
    }
  });

  passed = true;
} catch (error) {
  if (!(error instanceof CheckFailure)) throw error;
  console.error(`publish-check: FAILED: ${error.message}`);
  if (error.detail) console.error(String(error.detail).slice(-20_000));
  process.exitCode = 1;
} finally {
  await cleanup();
  const outcome = passed ? "passed" : "failed";
  console.log(`publish-check: ${outcome} on Node ${process.version} in ${secondsSince(started)}`);
}
