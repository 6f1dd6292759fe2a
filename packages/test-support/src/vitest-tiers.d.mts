import type { ViteUserConfig } from "vitest/config";
/** A package's tiers (unit: *.test.ts on Node alone; e2e: *.e2e.test.ts), with shared options. */
export function tieredConfig(options?: {
  readonly extensions?: readonly string[];
  readonly testTimeout?: number;
  readonly hookTimeout?: number;
  readonly globalSetup?: readonly string[];
  /** Test files run at once (default: vitest's, the available parallelism less one). */
  readonly workers?: number;
  /** Whether e2e files share their worker's modules, as unit files do (default false). */
  readonly shareE2eModules?: boolean;
}): ViteUserConfig;
