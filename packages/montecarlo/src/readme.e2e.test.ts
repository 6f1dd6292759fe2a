import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its example as written, against the built package, with the outputs it shows", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "3300129719 0.527988",
      "-0.5887",
      "rate 0.0393/day, 3 events, 8 addresses",
      "0.41347 0",
    ]);
    expect(lines[4]).toBe("0.41256 ± 0.00156");
    // Every output the example prints is also written in it, as a comment.
    for (const line of lines) expect(r.source).toContain(`// ${line}`);
  });

  it("the example's Monte Carlo estimate is within 4 standard errors of the exact value", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    const [estimate, se] = (r.stdout.trim().split("\n")[4] ?? "").split(" ± ").map(Number);
    const exact = 1 - 0.98 * 0.9 * 0.7 * 0.95;
    expect(Math.abs(estimate! - exact)).toBeLessThan(4 * se!);
  });

  it("runs the forecast and queue example as written, with the outputs it shows", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(9);
    expect(lines[0]).toMatch(/^snapshot_diff standard \d+$/);
    for (const line of lines) expect(r.source).toContain(`// ${line}`);
  });
});
