import type { RenderPoolStats } from "@svc/renderers/pool";
import type { Hono } from "hono";

/** Where a running development service reports its counters. */
export const DEV_STATS_PATH = "/dev/stats.json";

/**
 * Development only (mounted beside the devnet details, never in production): the render pool's
 * counters (renders started, taken up by a worker, completed, aborted) and the main thread's
 * memory, so a benchmark in another process can count the work an attack made the service do.
 */
export function mountDevStats(app: Hono, renderStats: () => RenderPoolStats): void {
  app.get(DEV_STATS_PATH, (c) => c.json({ renders: renderStats(), memory: process.memoryUsage() }));
}
