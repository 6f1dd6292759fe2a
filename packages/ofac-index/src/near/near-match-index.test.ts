import { describe, expect, it } from "vitest";
import { ADDRESS_FORMATS } from "../address/address-format.js";
import { classifyAddress } from "../address/classify-address.js";
import { indexOf } from "../test-support/editions.js";
import { XML } from "../test-support/shared-data.js";
import { RANDOM_FORMATS, randomAddress } from "../testing/random-address.js";

// Near misses on the real 2025-11-19 edition: answered clear (exact match is the rule), with the
// listed address a reviewer should compare.
const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const LAZARUS_LOWER = LAZARUS_ETH.toLowerCase();
const SOL = "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi"; // SOL, 2025-11-19
const edition = () => indexOf(XML["2025-11-19b"]);
const ADDRESS_FORMATS_CASE_SENSITIVE = new Set<string>(
  Object.entries(ADDRESS_FORMATS)
    .filter(([, info]) => info.caseSensitive)
    .map(([format]) => format),
);

/** `s` with the character at `at` replaced by `ch`. */
const replaceAt = (s: string, at: number, ch: string): string =>
  `${s.slice(0, at)}${ch}${s.slice(at + 1)}`;

describe("a well-formed address near a listed one is clear, with the listed address named", () => {
  it("one hex digit changed in Lazarus Group's address (lower case, no checksum)", async () => {
    const typo = replaceAt(LAZARUS_LOWER, 20, LAZARUS_LOWER[20] === "a" ? "b" : "a");
    const r = (await edition()).screen(typo);
    expect(r.summary).toMatchObject({ status: "clear", matchCount: 0, nearMatchCount: 1 });
    expect(r.nearMatches).toEqual([
      expect.objectContaining({
        address: LAZARUS_ETH,
        listedAssets: ["ETH"],
        parties: [expect.objectContaining({ entityName: "Lazarus Group" })],
        reasons: ["edit_distance", "lookalike"],
        editDistance: 1,
      }),
    ]);
    expect(r.query.note).toMatch(/near a listed address: 0x098B716B.*Lazarus Group.*one character/);
  });

  it("two neighbouring digits swapped is two edits away", async () => {
    const a = LAZARUS_LOWER;
    const swapped = `${a.slice(0, 10)}${a[11]}${a[10]}${a.slice(12)}`;
    expect(swapped).not.toBe(a);
    const [near] = (await edition()).screen(swapped).nearMatches;
    expect(near).toMatchObject({ address: LAZARUS_ETH, editDistance: 2 });
  });

  it("an address-poisoning look-alike: the first 6 and last 4 digits of a listed address", async () => {
    const middle = "0".repeat(30);
    const lookalike = `0x${LAZARUS_LOWER.slice(2, 8)}${middle}${LAZARUS_LOWER.slice(-4)}`;
    const [near] = (await edition()).screen(lookalike).nearMatches;
    expect(near).toMatchObject({
      address: LAZARUS_ETH,
      reasons: ["lookalike"],
      editDistance: null,
      explanation: expect.stringMatching(/address-poisoning look-alike/),
    });
  });

  it("a listed Solana key in another letter case (still a well-formed key) is near it", async () => {
    const index = await edition();
    // Toggle letters whose other case is still Base58 until the string is a 32-byte key again.
    const toggled = [...SOL]
      .map((ch, i) => ({ ch, i }))
      .filter(({ ch }) => /[a-km-np-zA-HJ-NP-Z]/.test(ch) && !/[lLoOiI]/.test(ch))
      .map(({ ch, i }) =>
        replaceAt(SOL, i, ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()),
      )
      .find((s) => classifyAddress(s).format === "solana" && classifyAddress(s).problem === null);
    expect(toggled).toBeDefined();
    const r = index.screen(toggled as string);
    expect(r.summary.status).toBe("clear");
    expect(r.nearMatches[0]).toMatchObject({
      address: SOL,
      reasons: expect.arrayContaining(["letter_case"]),
    });
  });

  it("an exact match carries no near matches", async () => {
    const r = (await edition()).screen(LAZARUS_ETH);
    expect(r.summary).toMatchObject({ status: "match", nearMatchCount: 0 });
    expect(r.nearMatches).toEqual([]);
  });

  it("a batch counts its clear addresses with near matches", async () => {
    const typo = replaceAt(LAZARUS_LOWER, 20, LAZARUS_LOWER[20] === "a" ? "b" : "a");
    const batch = (await edition()).screenMany([LAZARUS_ETH, typo, randomAddress("evm")]);
    expect(batch.summary).toMatchObject({
      totalScreened: 3,
      matchCount: 1,
      clearCount: 2,
      nearMatchCount: 1,
    });
    expect(batch.results.map((r) => r.summary.nearMatchCount)).toEqual([0, 1, 0]);
  });
});

describe("a listed address whose letter case a pipeline changed is never a bare clear", () => {
  it("every listed case-sensitive address, lower-cased and upper-cased: refused, a match, or clear with the listed one named", async () => {
    const index = await edition();
    const changed = index.designations
      .map((d) => d.address.trim())
      .filter((a) => ADDRESS_FORMATS_CASE_SENSITIVE.has(classifyAddress(a).format))
      .flatMap((a) => [a.toLowerCase(), a.toUpperCase()].map((c) => [a, c] as const))
      .filter(([a, c]) => a !== c);
    expect(changed.length).toBeGreaterThan(500);
    let refused = 0;
    for (const [listed, recased] of changed) {
      let r: ReturnType<typeof index.screen> | undefined;
      try {
        r = index.screen(recased);
      } catch (error) {
        expect(error, recased).toMatchObject({ code: "INVALID_ADDRESS" });
        refused++;
        continue;
      }
      if (r.summary.status === "match") continue;
      expect(
        r.nearMatches.some((m) => m.address === listed && m.reasons.includes("letter_case")),
        `${recased} answered clear without naming ${listed}`,
      ).toBe(true);
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe("a random well-formed address of every format is clear with no near match", () => {
  it.each(RANDOM_FORMATS)("%s (200 fresh addresses)", async (format) => {
    const index = await edition();
    for (let i = 0; i < 200; i++) {
      const address = randomAddress(format);
      const r = index.screen(address);
      expect(r.summary.status, address).toBe("clear");
      expect(r.query.addressFormat).toBe(format);
      expect(r.nearMatches, address).toEqual([]);
    }
  });
});

describe("a refused string near a listed address names it", () => {
  it("Lazarus Group's address less its last digit", async () => {
    const index = await edition();
    expect(() => index.screen(LAZARUS_ETH.slice(0, -1))).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        message: expect.stringMatching(
          /one character from the listed address 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 of Lazarus Group/,
        ),
        details: expect.objectContaining({
          nearListed: [
            expect.objectContaining({ address: LAZARUS_ETH, parties: ["Lazarus Group"] }),
          ],
        }),
      }),
    );
  });

  it("a listed Tron address lower-cased", async () => {
    const index = await edition();
    const tron = index.designations.find((d) => d.asset === "TRX")?.address as string;
    expect(() => index.screen(tron.toLowerCase())).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /the characters of the listed address .* in another letter case/,
        ),
      }),
    );
  });
});
