import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSACTION_ERROR_NAMES } from "./transaction-errors.js";

describe("TRANSACTION_ERROR_NAMES", () => {
  it("matches litesvm's TransactionErrorFieldless declaration, name for value", () => {
    const main = createRequire(import.meta.url).resolve("litesvm");
    const declarations = readFileSync(join(dirname(main), "internal.d.ts"), "utf8");
    const body = /const enum TransactionErrorFieldless \{([^}]*)\}/.exec(declarations)?.[1] ?? "";
    const declared = [...body.matchAll(/(\w+) = (\d+)/g)].map((m) => [m[1], Number(m[2])]);
    expect(declared.length).toBeGreaterThan(30);
    expect(declared).toEqual(TRANSACTION_ERROR_NAMES.map((name, value) => [name, value]));
  });
});
