import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { INSTRUCTION_ERROR_NAMES, TRANSACTION_ERROR_NAMES } from "./transaction-errors.js";

/** The members of one of litesvm's ambient const enums, as [name, value] pairs. */
function declaredEnum(name: string): [string | undefined, number][] {
  const main = createRequire(import.meta.url).resolve("litesvm");
  const declarations = readFileSync(join(dirname(main), "internal.d.ts"), "utf8");
  const body = new RegExp(`const enum ${name} \\{([^}]*)\\}`).exec(declarations)?.[1] ?? "";
  return [...body.matchAll(/(\w+) = (\d+)/g)].map((m) => [m[1], Number(m[2])]);
}

describe("litesvm's error names", () => {
  it("TRANSACTION_ERROR_NAMES matches TransactionErrorFieldless, name for value", () => {
    const declared = declaredEnum("TransactionErrorFieldless");
    expect(declared.length).toBeGreaterThan(30);
    expect(declared).toEqual(TRANSACTION_ERROR_NAMES.map((name, value) => [name, value]));
  });

  it("INSTRUCTION_ERROR_NAMES matches InstructionErrorFieldless, name for value", () => {
    const declared = declaredEnum("InstructionErrorFieldless");
    expect(declared.length).toBeGreaterThan(50);
    expect(declared).toEqual(INSTRUCTION_ERROR_NAMES.map((name, value) => [name, value]));
  });
});
