import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyAddress } from "../address/classify-address.js";
import { sampleIndex } from "../test-support/editions.js";
import { OFAC_DATA } from "../test-support/shared-data.js";
import { assertScreenableAddress } from "./validate-address.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

// A sanctioned address with one character added or swapped is not on the list: answered as
// typed, it would come back "clear". Each of these is refused instead.
const EVASIONS: Record<string, string> = {
  "zero-width space inside": `${LAZARUS.slice(0, 10)}\u200b${LAZARUS.slice(10)}`,
  "NUL at the end": `${LAZARUS}\u0000`,
  "bidi override": `\u202e${LAZARUS}`,
  "space inside": `${LAZARUS.slice(0, 6)} ${LAZARUS.slice(6)}`,
  "Cyrillic look-alike a": LAZARUS.replace("a", "\u0430"),
  "full-width digit": LAZARUS.replace("0x", "\uff10x"),
  "soft hyphen": `${LAZARUS.slice(0, 20)}\u00ad${LAZARUS.slice(20)}`,
};

describe("screening evasion by invisible or look-alike characters", () => {
  for (const [attack, address] of Object.entries(EVASIONS)) {
    it(`${attack}: refused (INVALID_ADDRESS) with the character and its position, never clear`, async () => {
      expect(() => assertScreenableAddress(address)).toThrow(
        /contains U\+[0-9A-F]{4,} at position \d+/,
      );
      const index = await sampleIndex();
      expect(() => index.screen(address)).toThrow(
        expect.objectContaining({ code: "INVALID_ADDRESS" }),
      );
    });
  }

  it("the path of the offending member is kept for the API's issue", () => {
    try {
      assertScreenableAddress(EVASIONS["NUL at the end"], "addresses[3]");
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        details: { path: "addresses[3]", codePoint: "U+0000", position: 43 },
      });
    }
  });

  it("surrounding whitespace is still trimmed and screened (a pasted address with a newline)", async () => {
    const index = await sampleIndex();
    expect(index.screen(` ${LAZARUS}\n`).summary.status).toBe("match");
  });

  it("every address OFAC has published since 2022 passes (the rule refuses no real designation)", () => {
    const csv = readFileSync(`${OFAC_DATA}history/address_history.csv`, "utf8").trim().split("\n");
    const addresses = csv.slice(1).map((line) => line.split(",")[1] ?? "");
    expect(addresses.length).toBeGreaterThan(800);
    for (const address of addresses) {
      expect(() => assertScreenableAddress(address)).not.toThrow();
      expect(classifyAddress(address.trim()).problem, address).toBeNull();
    }
  });
});
