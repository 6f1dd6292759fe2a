import { describe, expect, it } from "vitest";
import { normalizeAddress } from "./normalize-address.js";

// Real designated addresses (edition 2025-11-19) unless stated otherwise.
const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const BC1_42 = "bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw"; // XBT, 42 chars (bech32)
const BC1_62 = "bc1qw7vfgv3r5vnehafl0y95sclg3uqsj87wxs9ad628yjjcq33cwessr6ndyw"; // XBT, 62 chars
const BNB = "bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23";
const BC1_TAPROOT = "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"; // BIP-86 test vector (bech32m)
const BCH_CASHADDR = "qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq"; // BCH as OFAC lists it
const TRON = "TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq";
const BASE58_BTC = "1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY";

describe("normalizeAddress: EVM 0x + 40 hex", () => {
  it("lower-cases a checksummed address", () => {
    expect(normalizeAddress(LAZARUS_ETH)).toBe(LAZARUS_ETH.toLowerCase());
  });
  it("maps lower-case and all-upper-case hex digits to the same form", () => {
    const upperDigits = `0x${LAZARUS_ETH.slice(2).toUpperCase()}`;
    expect(normalizeAddress(upperDigits)).toBe(normalizeAddress(LAZARUS_ETH.toLowerCase()));
  });
  it("accepts an upper-case 0X prefix", () => {
    expect(normalizeAddress(`0X${LAZARUS_ETH.slice(2)}`)).toBe(LAZARUS_ETH.toLowerCase());
  });
  it("does not fold 0x strings of another length (39 or 41 hex digits)", () => {
    const short = LAZARUS_ETH.slice(0, -1);
    expect(normalizeAddress(short)).toBe(short);
    expect(normalizeAddress(`${LAZARUS_ETH}A`)).toBe(`${LAZARUS_ETH}A`);
  });
  it("does not fold a 0x string with a non-hex character", () => {
    const bad = `0x${"G".repeat(40)}`;
    expect(normalizeAddress(bad)).toBe(bad);
  });
  it("lower-cases a bare 64-hex value (the XMR-listed key), which has no case of its own", () => {
    const hex64 = "5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320"; // listed under XMR
    expect(normalizeAddress(hex64.toUpperCase())).toBe(hex64);
    expect(normalizeAddress(hex64)).toBe(hex64);
  });
  it("lower-cases a 0x + 64 hex account (Aptos, Sui)", () => {
    const account = `0x${"AB".repeat(32)}`;
    expect(normalizeAddress(account)).toBe(account.toLowerCase());
  });
});

describe("normalizeAddress: bech32 / bech32m", () => {
  it("lower-cases an all-upper-case bech32 address (QR form)", () => {
    expect(normalizeAddress(BC1_42.toUpperCase())).toBe(BC1_42);
  });
  it("lower-cases upper-case 62-char segwit and bnb1 addresses", () => {
    expect(normalizeAddress(BC1_62.toUpperCase())).toBe(BC1_62);
    expect(normalizeAddress(BNB.toUpperCase())).toBe(BNB);
  });
  it("lower-cases an all-upper-case bech32m (taproot) address", () => {
    expect(normalizeAddress(BC1_TAPROOT.toUpperCase())).toBe(BC1_TAPROOT);
  });
  it("leaves a lower-case bech32 address as it is", () => {
    expect(normalizeAddress(BC1_42)).toBe(BC1_42);
  });
  it("does not fold mixed-case bech32 (invalid per BIP-173), so it cannot match", () => {
    const mixed = `BC1${BC1_42.slice(3)}`;
    expect(normalizeAddress(mixed)).toBe(mixed);
  });
  it("does not fold an upper-case string whose bech32 checksum fails", () => {
    const broken = `${BC1_42.slice(0, -1)}${BC1_42.endsWith("q") ? "p" : "q"}`.toUpperCase();
    expect(normalizeAddress(broken)).toBe(broken);
  });
});

describe("normalizeAddress: Bitcoin Cash cashaddr", () => {
  it("drops the bitcoincash: prefix (OFAC publishes the bare payload)", () => {
    expect(normalizeAddress(`bitcoincash:${BCH_CASHADDR}`)).toBe(BCH_CASHADDR);
  });
  it("drops an upper-case prefix and lower-cases an upper-case payload", () => {
    expect(normalizeAddress(`BITCOINCASH:${BCH_CASHADDR.toUpperCase()}`)).toBe(BCH_CASHADDR);
  });
  it("lower-cases an unprefixed all-upper-case cashaddr", () => {
    expect(normalizeAddress(BCH_CASHADDR.toUpperCase())).toBe(BCH_CASHADDR);
  });
  it("keeps the prefix when the payload's checksum fails", () => {
    const broken = `bitcoincash:${BCH_CASHADDR.slice(0, -1)}${BCH_CASHADDR.endsWith("p") ? "q" : "p"}`;
    expect(normalizeAddress(broken)).toBe(broken);
  });
  it("does not turn bitcoincash:<base58 address> into a Bitcoin address", () => {
    expect(normalizeAddress(`bitcoincash:${BASE58_BTC}`)).toBe(`bitcoincash:${BASE58_BTC}`);
  });
  it("does not fold a mixed-case cashaddr payload", () => {
    const mixed = `bitcoincash:Q${BCH_CASHADDR.slice(1)}`;
    expect(normalizeAddress(mixed)).toBe(mixed);
  });
});

describe("normalizeAddress: case-sensitive formats stay exactly as typed", () => {
  it("keeps base58 Bitcoin as typed", () => {
    expect(normalizeAddress(BASE58_BTC)).toBe(BASE58_BTC);
  });
  it("never case-folds base58: the lower-cased form is a different string", () => {
    expect(normalizeAddress(BASE58_BTC.toLowerCase())).not.toBe(normalizeAddress(BASE58_BTC));
    expect(normalizeAddress(TRON.toUpperCase())).not.toBe(normalizeAddress(TRON));
  });
  it("does not fold an all-upper-case base58 string (no bech32 checksum)", () => {
    const upper = "1BVBMSEYSTWETQTFN5AU4M4GFG7XJANVN2";
    expect(normalizeAddress(upper)).toBe(upper);
  });
  it("keeps Tron as typed", () => {
    expect(normalizeAddress(TRON)).toBe(TRON);
  });
});

describe("normalizeAddress: TON", () => {
  it("maps a user-friendly form to the raw workchain:hex form", () => {
    // TON's documentation example: the bounceable form of one account and its raw form.
    const friendly = "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF";
    const raw = "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e";
    expect(normalizeAddress(friendly)).toBe(raw);
    expect(normalizeAddress(raw.toUpperCase().replace("0:", "0:"))).toBe(raw);
  });
});

describe("normalizeAddress: white space", () => {
  it("trims surrounding spaces, tabs and line breaks", () => {
    expect(normalizeAddress(`  \t${TRON}\r\n`)).toBe(TRON);
    expect(normalizeAddress(` ${LAZARUS_ETH} `)).toBe(LAZARUS_ETH.toLowerCase());
  });
  it("keeps internal white space, so a split address never matches", () => {
    const split = `${TRON.slice(0, 10)} ${TRON.slice(10)}`;
    expect(normalizeAddress(split)).toBe(split);
  });
});
