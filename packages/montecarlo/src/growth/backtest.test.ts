import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../../", import.meta.url));
const HISTORY = fileURLToPath(
  new URL("../../../../../shared/data/ofac/history/address_history.csv", import.meta.url),
);

describe("scripts/backtest.mjs", () => {
  // The real history is in ../shared (CI has it); a missing file fails the test, never skips it.
  it("prints the table the README shows, and exits 0", () => {
    const r = spawnSync(process.execPath, ["scripts/backtest.mjs", HISTORY], {
      cwd: PACKAGE_DIR,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const table = r.stdout.slice(r.stdout.indexOf("horizon")).trim();
    expect(table.split("\n")).toHaveLength(4);
    expect(readFileSync(`${PACKAGE_DIR}README.md`, "utf8")).toContain(table);
  });
});
