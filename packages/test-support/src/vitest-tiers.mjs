// Every package's vitest configuration, in two tiers told apart by file name alone:
//   unit  *.test.ts (and .tsx) — Node alone: no child process, no port (the guard enforces it);
//   e2e   *.e2e.test.ts — the rest: the local chain, PostgreSQL, LibreOffice, poppler, browsers,
//         services in their own processes.
// `vitest run` runs both; `vitest run --project unit` (each package's `test:unit`, the root's
// `pnpm test:unit`) runs the unit tier.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const GUARD = fileURLToPath(new URL("./unit-tier-guard.mjs", import.meta.url));

/** A package's tiers: its tests under `src`, with the timeouts and setup every tier shares. */
export function tieredConfig({
  extensions = ["ts"],
  testTimeout = 60_000,
  hookTimeout = 120_000,
  globalSetup,
} = {}) {
  const shared = {
    testTimeout,
    hookTimeout,
    ...(globalSetup === undefined ? {} : { globalSetup }),
  };
  const e2e = extensions.map((ext) => `src/**/*.e2e.test.${ext}`);
  return defineConfig({
    test: {
      projects: [
        {
          test: {
            name: "unit",
            include: extensions.map((ext) => `src/**/*.test.${ext}`),
            exclude: ["**/node_modules/**", ...e2e],
            setupFiles: [GUARD],
            ...shared,
          },
        },
        { test: { name: "e2e", include: e2e, ...shared } },
      ],
    },
  });
}
