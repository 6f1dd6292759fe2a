import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * `@coinbase/x402` (and the CDP SDK under it) is loaded only when the CDP facilitator makes its
 * first call: nothing in the built package imports it statically, and the one module that uses
 * it imports it with `import()`.
 */
const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const STATIC = /^\s*(import|export)\b[^;]*?\bfrom\s*["']@coinbase\/|^\s*import\s*["']@coinbase\//m;

describe("the CDP package is imported lazily", () => {
  it("no built module imports @coinbase/* statically; the CDP facilitator imports it with import()", () => {
    const modules = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".js"),
    );
    expect(modules.length).toBeGreaterThan(20);
    const offenders = modules.filter((f) => STATIC.test(readFileSync(join(DIST, f), "utf8")));
    expect(offenders).toEqual([]);
    const cdp = readFileSync(join(DIST, "facilitator/cdp-facilitator.js"), "utf8");
    expect(cdp).toContain('import("@coinbase/x402")');
  });
});
