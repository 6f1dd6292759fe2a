import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileMulticall3Lite } from "../test-support/compile-multicall.js";
import { MULTICALL3_LITE_RUNTIME } from "./multicall3-lite.js";

describe("Multicall3Lite runtime code", () => {
  it("is exactly what solc 0.8.37 makes of Multicall3Lite.sol", () => {
    const { version, runtime } = compileMulticall3Lite();
    expect(version).toMatch(/^0\.8\.37\+/);
    if (process.env.UPDATE_MULTICALL_BYTECODE === "1" && runtime !== MULTICALL3_LITE_RUNTIME) {
      const file = new URL("./multicall3-lite.ts", import.meta.url);
      const source = readFileSync(file, "utf8");
      writeFileSync(file, source.replace(/"0x[0-9a-f]*";/, `"${runtime}";`));
      return;
    }
    expect(MULTICALL3_LITE_RUNTIME).toBe(runtime);
  });
});
