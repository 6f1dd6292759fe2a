import { readFileSync } from "node:fs";
import { base58, bech32 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { SdnIndex } from "../index/sdn-index.js";
import { MAX_ADDRESS_LENGTH } from "../normalize/validate-address.js";
import { parseEdition } from "../parse/parse-edition.js";
import { SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import { sampleIndex } from "../test-support/editions.js";
import { RANDOM_FORMATS, randomAddress, randomLongestAddress } from "../testing/random-address.js";
import type { AddressFormat } from "./address-format.js";
import { classifyAddress } from "./classify-address.js";
import CHAIN_LIBRARY_ADDRESSES from "./test-support/chain-library-addresses.json" with {
  type: "json",
};

// Real designated addresses (edition 2025-11-19) unless stated otherwise.
const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const BC1_LISTED = "bc1q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s"; // XBT, in the sample
const BC1_TAPROOT = "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"; // BIP-86 vector
const BNB = "bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23";
const BCH_CASHADDR = "qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq";
const BTC_P2PKH = "1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY"; // XBT and USDT
const LTC = "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb";
const TRON = "TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq";
const ZEC_T = "t1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWL";
const DASH = "XnPFsRWTaSgiVauosEwQ6dEitGYXgwznz2";
const XRP = "rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66";
const XMR =
  "49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL";
const SOL = "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi";
const XMR_HEX_KEY = "5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320"; // under XMR

/** The same string with one character changed to another of the same alphabet. */
const flipLast = (s: string, a: string, b: string): string =>
  `${s.slice(0, -1)}${s.endsWith(a) ? b : a}`;

const refusal = (reason: RegExp) =>
  expect.objectContaining({ code: "INVALID_ADDRESS", message: expect.stringMatching(reason) });

describe("addressFormat names the format a string was recognized in", () => {
  it.each<[string, AddressFormat]>([
    [LAZARUS_ETH, "evm"],
    [LAZARUS_ETH.toLowerCase(), "evm"],
    [`0x${LAZARUS_ETH.slice(2).toUpperCase()}`, "evm"],
    [BC1_LISTED, "bech32"],
    [BC1_LISTED.toUpperCase(), "bech32"],
    [BNB, "bech32"],
    [BC1_TAPROOT, "bech32m"],
    [BCH_CASHADDR, "cashaddr"],
    [`bitcoincash:${BCH_CASHADDR}`, "cashaddr"],
    [BTC_P2PKH, "base58check"],
    [LTC, "base58check"],
    [TRON, "base58check"],
    [ZEC_T, "base58check"],
    [DASH, "base58check"],
    [XRP, "base58check"],
    [XMR, "monero"],
    [SOL, "solana"],
    [XMR_HEX_KEY, "bare-hex32"],
    [XMR_HEX_KEY.toUpperCase(), "bare-hex32"],
    [`0x${XMR_HEX_KEY}`, "hex32"],
  ])("%s is %s", (address, format) => {
    expect(classifyAddress(address)).toMatchObject({ format, problem: null });
  });

  it("the screening answer carries it in query.addressFormat", async () => {
    const index = await sampleIndex();
    expect(index.screen(LAZARUS_ETH).query.addressFormat).toBe("evm");
    expect(index.screen(BC1_LISTED).query.addressFormat).toBe("bech32");
    expect(index.screen(BCH_CASHADDR).query.addressFormat).toBe("cashaddr");
    expect(index.screen(BTC_P2PKH).query.addressFormat).toBe("base58check");
  });
});

describe("every address a chain's own library makes is accepted in its format", () => {
  const EXPECTED: Readonly<Record<string, AddressFormat>> = {
    stellar: "stellar",
    "stellar-muxed": "stellar",
    algorand: "algorand",
    ton: "ton",
    "ton-raw": "ton",
    ss58: "ss58",
    tezos: "base58check",
    cosmos: "bech32",
    cardano: "bech32",
    xrp: "base58check",
    cashaddr: "cashaddr",
    solana: "solana",
    "btc-p2pkh": "base58check",
    doge: "base58check",
    "zec-t": "base58check",
    tron: "base58check",
  };
  const kinds = Object.entries(CHAIN_LIBRARY_ADDRESSES.addresses);

  it("covers every kind the vectors hold", () => {
    expect(kinds.map(([kind]) => kind).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(kinds)("%s", (kind, addresses) => {
    for (const address of addresses) {
      expect(classifyAddress(address), address).toMatchObject({
        format: EXPECTED[kind],
        problem: null,
      });
    }
  });

  it("one character changed in a checksummed address is refused, or is another format's address", () => {
    for (const [kind, addresses] of kinds) {
      if (kind === "solana" || kind === "ton-raw") continue; // no checksum
      for (const address of addresses) {
        const at = Math.floor(address.length / 2);
        const swapped = address[at] === "A" ? "B" : "A";
        const typo = `${address.slice(0, at)}${swapped}${address.slice(at + 1)}`;
        const verdict = classifyAddress(typo);
        expect(verdict.problem !== null || verdict.format !== EXPECTED[kind], typo).toBe(true);
      }
    }
  });

  it("an XRP X-address (with or without a tag, main or test network) is its account's classic address", () => {
    for (const [x, classic] of CHAIN_LIBRARY_ADDRESSES.xrpXAddressPairs) {
      expect(classifyAddress(x as string), x).toMatchObject({
        format: "base58check",
        problem: null,
        normalized: classic,
      });
    }
  });

  it("Tron's hex form (41…) is its T… address", () => {
    for (const tron of CHAIN_LIBRARY_ADDRESSES.addresses.tron) {
      const hexForm = Buffer.from(base58.decode(tron).subarray(0, 21)).toString("hex");
      expect(hexForm.startsWith("41")).toBe(true);
      expect(classifyAddress(hexForm)).toMatchObject({ problem: null, normalized: tron });
      expect(classifyAddress(hexForm.toUpperCase())).toMatchObject({ normalized: tron });
    }
  });

  it("every TON form of one account has one canonical form, the raw one", () => {
    const { ton, "ton-raw": raw } = CHAIN_LIBRARY_ADDRESSES.addresses;
    raw.forEach((rawForm, i) => {
      const forms = [ton[3 * i], ton[3 * i + 1], ton[3 * i + 2], rawForm] as string[];
      const canonical = forms.map((a) => classifyAddress(a).normalized);
      expect(new Set(canonical).size, forms.join(" ")).toBe(1);
      expect(canonical[0]).toBe(rawForm.toLowerCase());
    });
  });
});

describe("a fresh random address of every format is accepted", () => {
  it.each(RANDOM_FORMATS)("%s", (format) => {
    for (let i = 0; i < 50; i++) {
      const address = randomAddress(format);
      expect(classifyAddress(address), address).toMatchObject({ format, problem: null });
    }
  });

  it("the longest address screening accepts: 256 characters of bech32", () => {
    const address = randomLongestAddress();
    expect(address).toHaveLength(MAX_ADDRESS_LENGTH);
    expect(classifyAddress(address)).toMatchObject({ format: "bech32", problem: null });
  });
});

describe("a string that fits no format is refused with what is wrong with it", () => {
  const HYDRA = "3K4rjdh8A5yi6LWvft2rbmyZvqEbPSSSX4"; // Hydra Market, XBT
  it.each<[string, string, RegExp]>([
    ["0x12", "0x12", /holds 40 hex digits \(EVM chains\) or 64 \(Aptos, Sui\); this one holds 2/],
    ["Lazarus Group's address less a digit", LAZARUS_ETH.slice(0, -1), /this one holds 39/],
    ["Lazarus Group's address and a digit", `${LAZARUS_ETH}1`, /this one holds 41/],
    ["a 0x string with a non-hex letter", `0x${"g".repeat(40)}`, /"g" is not one/],
    ["G", "G", /shorter than any address/],
    ["hello-world-not-an-address", "hello-world-not-an-address", /fits no address format/],
    ["a payment URI", `ethereum:${LAZARUS_ETH}`, /"ethereum:" prefixes no address format/],
    ["40 hex digits without 0x", LAZARUS_ETH.slice(2), /without 0x/],
    ["Hydra Market's address less its last character", HYDRA.slice(0, -1), /Base58 of 24 bytes/],
    [
      "a listed TRX address lower-cased",
      "tbclqqqyzjnj1ptuxfgj5h768nhnu5ndyn",
      /which no Base58 address has/,
    ],
    [
      "a listed XBT/BCH address upper-cased",
      "18M8BJWMZWHDBMXOLQJHHAFFDRY4SRZKFB",
      /which no Base58 address has/,
    ],
  ])("%s", (_case, address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.format).toBe("unrecognized");
    expect(verdict.problem).toMatch(reason);
  });
});

describe("a string in a recognized format whose check fails is refused, never clear", () => {
  it("mixed-case bech32 is refused (BIP-173), even when its lower-case form is listed", async () => {
    const mixed = "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s";
    expect(classifyAddress(mixed).problem).toMatch(/mixed case: BIP-173/);
    const index = await sampleIndex();
    expect(() => index.screen(mixed)).toThrow(refusal(/bech32 address: mixed case/));
    expect(index.screen(BC1_LISTED).summary.status).toBe("match");
  });

  it("a bad bech32 checksum is refused with the reason", async () => {
    const broken = flipLast(BC1_LISTED, "s", "q");
    const index = await sampleIndex();
    expect(() => index.screen(broken)).toThrow(refusal(/bech32 checksum does not match/));
    expect(() => index.screen(broken.toUpperCase())).toThrow(
      refusal(/bech32 checksum does not match/),
    );
  });

  it("a segwit v1 program written with a bech32 (not bech32m) checksum is refused (BIP-350)", () => {
    const words = [1, ...bech32.toWords(new Uint8Array(32).fill(7))];
    const v1InBech32 = bech32.encode("bc", words);
    expect(classifyAddress(v1InBech32).problem).toMatch(
      /version 1 segwit address must use bech32m/,
    );
  });

  it("a character outside the bech32 alphabet after a known prefix is refused", () => {
    expect(classifyAddress(`${BC1_LISTED.slice(0, -1)}b`).problem).toMatch(
      /"b" is not in the bech32 alphabet/,
    );
  });

  it("a bad base58check checksum is refused with the reason (Bitcoin, Tron, Zcash)", async () => {
    const index = await sampleIndex();
    for (const address of [
      flipLast(BTC_P2PKH, "Y", "Z"),
      flipLast(TRON, "q", "r"),
      flipLast(ZEC_T, "L", "M"),
    ]) {
      expect(() => index.screen(address)).toThrow(refusal(/Base58Check checksum does not match/));
    }
  });

  it("an all-upper-case base58 address (its case lost) is refused, not screened", async () => {
    const index = await sampleIndex();
    expect(() => index.screen("1BVBMSEYSTWETQTFN5AU4M4GFG7XJANVN2")).toThrow(
      refusal(/Base58Check checksum does not match/),
    );
  });

  it("a bad cashaddr checksum is refused with the reason, with or without the prefix", async () => {
    const broken = flipLast(BCH_CASHADDR, "q", "p");
    const index = await sampleIndex();
    expect(() => index.screen(broken)).toThrow(refusal(/cashaddr checksum does not match/));
    expect(() => index.screen(`bitcoincash:${broken}`)).toThrow(
      refusal(/cashaddr checksum does not match/),
    );
  });

  it("a mixed-case cashaddr and bitcoincash: + a non-cashaddr payload are refused", async () => {
    const index = await sampleIndex();
    expect(() => index.screen(`bitcoincash:Q${BCH_CASHADDR.slice(1)}`)).toThrow(
      refusal(/mixed case: a cashaddr is all lower or all upper case/),
    );
    expect(() => index.screen(`bitcoincash:${BTC_P2PKH}`)).toThrow(refusal(/cashaddr/));
    expect(() => index.screen(`bitcoincash:${BTC_P2PKH.toLowerCase()}`)).toThrow(
      refusal(/"1" is not in the cashaddr alphabet/),
    );
  });

  it("a mixed-case 0x address that fails EIP-55 is refused, naming the checksummed form", async () => {
    const unlisted = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe"; // valid EIP-55, not listed
    const typo = unlisted.replace("0B29", "0b29");
    const index = await sampleIndex();
    expect(index.screen(unlisted).summary.status).toBe("clear");
    expect(() => index.screen(typo)).toThrow(refusal(/EIP-55 checksum does not match/));
    try {
      index.screen(typo);
    } catch (error) {
      expect(error).toMatchObject({
        details: {
          path: "address",
          addressFormat: "evm",
          reason: expect.stringContaining(unlisted),
        },
      });
    }
  });

  it("a mis-cased listed 0x address still matches: its canonical form is on the list", async () => {
    const miscased = LAZARUS_ETH.replace("098B", "098b");
    expect(classifyAddress(miscased).problem).toMatch(/EIP-55/);
    const r = (await sampleIndex()).screen(miscased);
    expect(r.summary.status).toBe("match");
    expect(r.query.note).toMatch(/fails the evm check/);
  });

  it("a bad Monero checksum is refused", () => {
    expect(classifyAddress(flipLast(XMR, "L", "M")).problem).toMatch(/Monero/);
  });

  it("a batch with one such string is refused whole, naming its position", async () => {
    const index = await sampleIndex();
    expect(() => index.screenMany([LAZARUS_ETH, flipLast(BTC_P2PKH, "Y", "Z")])).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        details: expect.objectContaining({ path: "addresses[1]", addressFormat: "base58check" }),
      }),
    );
  });
});

describe("a malformed string OFAC itself published still matches as published", () => {
  // The real sample edition with three of its published addresses replaced by malformed
  // spellings, parsed by the real parser: what the index does if OFAC publishes such a string.
  const MALFORMED = {
    base58: flipLast(BTC_P2PKH, "Y", "Z"),
    bech32: "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s",
    cashaddr: flipLast(BCH_CASHADDR, "q", "p"),
  };
  const malformedIndex = async () => {
    const xml = readFileSync(SAMPLE_XML_PATH, "utf8")
      .replaceAll(`>${BTC_P2PKH}<`, `>${MALFORMED.base58}<`)
      .replaceAll(`>${BC1_LISTED}<`, `>${MALFORMED.bech32}<`)
      .replaceAll(`>${BCH_CASHADDR}<`, `>${MALFORMED.cashaddr}<`);
    const edition = await parseEdition(new TextEncoder().encode(xml));
    return SdnIndex.fromEdition(edition, {
      sourceUrl: "test:malformed-sample",
      refreshedAt: "2026-01-01T00:00:00.000Z",
      sample: false,
    });
  };

  it.each(Object.entries(MALFORMED))(
    "a listed malformed %s string matches, with a note",
    async (_kind, address) => {
      const index = await malformedIndex();
      const r = index.screen(address);
      expect(r.summary.status).toBe("match");
      expect(r.matches.every((m) => m.address === address)).toBe(true);
      expect(r.query.note).toMatch(/OFAC publishes this string although it fails the \w+ check/);
      // The same string is refused by an edition that does not list it.
      await expect(sampleIndex().then((i) => i.screen(address))).rejects.toMatchObject({
        code: "INVALID_ADDRESS",
      });
    },
  );
});
