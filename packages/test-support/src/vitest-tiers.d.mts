import type { ViteUserConfig } from "vitest/config";
/** A package's tiers (unit: *.test.ts on Node alone; e2e: *.e2e.test.ts), with shared options. */
export function tieredConfig(options?: {
  readonly extensions?: readonly string[];
  readonly testTimeout?: number;
  readonly hookTimeout?: number;
  readonly globalSetup?: readonly string[];
}): ViteUserConfig;
