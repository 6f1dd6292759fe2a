import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";

// The unit tier's guard (@svc/test-support/unit-tier-guard) is in force for every
// *.test.ts: a test that starts a process or listens on a port fails, naming the e2e tier.
describe("the unit tier", () => {
  it("refuses to start a process or to listen on a port", () => {
    expect(() => execFileSync("true")).toThrow(/belongs to the e2e tier/);
    expect(() => spawn("true")).toThrow(/belongs to the e2e tier/);
    expect(() => createServer().listen(0)).toThrow(/belongs to the e2e tier/);
  });
});
