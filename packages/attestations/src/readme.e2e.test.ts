import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

describe("README", () => {
  it("runs its sign-and-verify example as written, printing what its comments say", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toEqual([
      "true match [ '27307' ] [ 'ETH' ]",
      "bad_signature",
    ]);
  });
});
