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
    expect(lines).toEqual([
      "1 screening.match.created YAN Xiaobing",
      "screening.match.created",
      "true",
      "webhook_url_private_address",
      "1970-01-01T00:00:05.000Z",
    ]);
    for (const line of lines) expect(r.source).toContain(`// ${line}`);
  });
});
