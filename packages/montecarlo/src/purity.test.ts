import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL(".", import.meta.url));

/** The shipped source files: everything under src/ but tests and test support. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** What pure, reproducible code must not reach for. */
const FORBIDDEN: [RegExp, string][] = [
  [/Math\.random/, "Math.random (unseedable)"],
  [/\bDate\b/, "the clock (Date)"],
  [/\bperformance\./, "the clock (performance)"],
  [/\bprocess\./, "the process"],
  [/from "node:/, "Node built-ins (I/O)"],
  [/\bimport\(/, "dynamic import"],
  [/\bconsole\./, "console output"],
  [/\bset(Timeout|Interval|Immediate)\b/, "timers"],
];

describe("purity", () => {
  const files = sourceFiles(SRC);

  it("finds the source files", () => {
    expect(files.length).toBeGreaterThan(8);
  });

  it("no source file uses Math.random, the clock, I/O or the console", () => {
    const offences: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(text)) offences.push(`${relative(SRC, file)}: ${what}`);
      }
    }
    expect(offences).toEqual([]);
  });
});
