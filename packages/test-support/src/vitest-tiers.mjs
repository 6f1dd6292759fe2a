// Every package's vitest configuration, in two tiers told apart by file name alone:
//   unit  *.test.ts (and .tsx) — Node alone: no child process, no port (the guard enforces it);
//   e2e   *.e2e.test.ts — the rest: the local chain, PostgreSQL, LibreOffice, poppler, browsers,
//         services in their own processes.
// `vitest run` runs both; `vitest run --project unit` (each package's `test:unit`, the root's
// `pnpm test:unit`) runs the unit tier.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const GUARD = fileURLToPath(new URL("./unit-tier-guard.mjs", import.meta.url));

/**
 * A package's tiers: its tests under `src`, with the timeouts and setup every tier shares.
 *
 * Unit files share their worker's modules (`isolate: false`): each file no longer loads the
 * package's dependency graph again, which was most of the tier's time (a unit file changes no
 * global a later one reads; the guard's refusals are the same for all). E2e files are isolated
 * unless the package says its files may share modules (`shareE2eModules`): a library a test
 * starts may replace globals a later file relies on (@hono/node-server swaps Request and
 * Response, so a Request made before is no longer `instanceof Request` for Hono's
 * `app.request`), and a package opts in once its e2e tier passes sharing them.
 *
 * `workers`, the test files run at once, is vitest's default (the available parallelism less
 * one: one on two cores) unless a package sets it: one whose e2e files mostly wait on the
 * processes they start (services, the chain, clusters) sets more, so that its files overlap.
 */
export function tieredConfig({
  extensions = ["ts"],
  testTimeout = 60_000,
  hookTimeout = 120_000,
  globalSetup,
  workers,
  shareE2eModules = false,
} = {}) {
  const shared = {
    testTimeout,
    hookTimeout,
    ...(globalSetup === undefined ? {} : { globalSetup }),
  };
  const e2e = extensions.map((ext) => `src/**/*.e2e.test.${ext}`);
  return defineConfig({
    test: {
      ...(workers === undefined ? {} : { maxWorkers: workers }),
      projects: [
        {
          test: {
            name: "unit",
            include: extensions.map((ext) => `src/**/*.test.${ext}`),
            exclude: ["**/node_modules/**", ...e2e],
            setupFiles: [GUARD],
            isolate: false,
            ...shared,
          },
        },
        { test: { name: "e2e", include: e2e, isolate: !shareE2eModules, ...shared } },
      ],
    },
  });
}
