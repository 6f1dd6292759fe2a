import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../../", import.meta.url));
const HISTORY = fileURLToPath(
  new URL("../../../../../shared/data/ofac/history/address_history.csv", import.meta.url),
);

const backtest = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/backtest.mjs", ...args], {
    cwd: PACKAGE_DIR,
    encoding: "utf8",
  });

/** The `--json` lines: one object per horizon. */
function jsonLines(stdout: string) {
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

// The real history is in ../shared (CI has it); a missing file fails the test, never skips it.
describe("scripts/backtest.mjs", () => {
  it("prints the table the README shows, and exits 0", () => {
    const r = backtest(HISTORY);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const table = r.stdout.slice(r.stdout.indexOf("horizon")).trim();
    expect(table.split("\n")).toHaveLength(5);
    expect(readFileSync(`${PACKAGE_DIR}README.md`, "utf8")).toContain(table);
    // And the table of the later origins.
    const late = backtest(HISTORY, "--from", "2024-06-01");
    expect(late.status).toBe(0);
    const lateTable = late.stdout.slice(late.stdout.indexOf("horizon")).trim();
    expect(readFileSync(`${PACKAGE_DIR}README.md`, "utf8")).toContain(lateTable);
  });

  it("prints the candidate tables the README shows (all origins and from 2024-06-01)", () => {
    const readme = readFileSync(`${PACKAGE_DIR}README.md`, "utf8");
    for (const from of [[], ["--from", "2024-06-01"]]) {
      const r = backtest(HISTORY, "--candidates", ...from);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const table = r.stdout.slice(r.stdout.indexOf("candidate ")).trim();
      expect(table.split("\n").length).toBeGreaterThan(20);
      expect(readme).toContain(table);
    }
  }, 180_000);

  it("with --json prints one parseable object per horizon with the scores and the baseline", () => {
    const r = backtest(HISTORY, "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines.map((l) => l.horizon)).toEqual([30, 90, 180, 365]);
    for (const l of lines) {
      expect(l.windows).toBeGreaterThan(0);
      for (const k of ["pit50", "pit90"]) {
        expect(l[k]).toBeGreaterThanOrEqual(0);
        expect(l[k]).toBeLessThanOrEqual(1);
      }
      for (const k of ["crps", "logScore"]) {
        expect(Number.isFinite(l[k])).toBe(true);
        expect(Number.isFinite(l.baseline[k])).toBe(true);
      }
    }
    // --from keeps the later origins only.
    const late = jsonLines(backtest(HISTORY, "--json", "--from", "2024-06-01").stdout);
    expect(late).toHaveLength(4);
    late.forEach((l, i) => {
      expect(l.windows).toBeLessThan(lines[i].windows);
    });
  });

  it("reads the untyped history (no asset column) to the same scores", () => {
    const typed = readFileSync(HISTORY, "utf8").trim().split("\n");
    const columns = (typed[0] ?? "").split(",");
    const keep = [
      "address",
      "first_seen_commit_date",
      "first_seen_commit",
      "first_seen_censored",
      "last_seen_commit_date",
      "present_in_latest",
    ].map((c) => columns.indexOf(c));
    const untyped = [
      keep.map((i) => columns[i]).join(","),
      ...typed.slice(1).map((line) => {
        const cells = line.split(",");
        return keep.map((i) => cells[i]).join(",");
      }),
    ].join("\n");
    const dir = mkdtempSync(join(tmpdir(), "backtest-"));
    try {
      const file = join(dir, "address_history.csv");
      writeFileSync(file, untyped);
      // Without list_counts_by_commit.csv beside it: only the removal dates differ, not scored.
      const r = backtest(file, "--json");
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(jsonLines(r.stdout)).toEqual(jsonLines(backtest(HISTORY, "--json").stdout));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
