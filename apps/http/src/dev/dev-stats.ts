import { monitorEventLoopDelay } from "node:perf_hooks";
import type { RenderPoolStats } from "@svc/renderers/pool";
import type { Hono } from "hono";

/** Where a running development service reports its counters. */
const DEV_STATS_PATH = "/dev/stats.json";

/** The loop's delay is sampled by a timer of this interval, which its figures include. */
const RESOLUTION_MS = 10;

/** How late a sample ran beyond the sampling interval, in milliseconds. */
const lateMs = (ns: number): number => Math.max(0, Math.round(ns / 10_000) / 100 - RESOLUTION_MS);

/**
 * Development only (mounted beside the devnet details, never in production): the render pool's
 * counters (renders started, taken up by a worker, completed, aborted), the main thread's memory,
 * and how late its event loop ran (`eventLoopDelay`: p50, p99 and max in milliseconds beyond a
 * timer of 10 ms, since the service started or since the last `?reset`), so a benchmark in another
 * process can count the work an attack made the service do and see how long it held the loop.
 */
export function mountDevStats(app: Hono, renderStats: () => RenderPoolStats): void {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  app.get(DEV_STATS_PATH, (c) => {
    const eventLoopDelay = {
      p50Ms: lateMs(delay.percentile(50)),
      p99Ms: lateMs(delay.percentile(99)),
      maxMs: lateMs(delay.max),
    };
    if (c.req.query("reset") !== undefined) delay.reset();
    return c.json({ renders: renderStats(), memory: process.memoryUsage(), eventLoopDelay });
  });
}
