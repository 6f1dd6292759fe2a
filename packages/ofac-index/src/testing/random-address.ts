import { blake2b } from "@noble/hashes/blake2b";
import { sha256, sha512_256 } from "@noble/hashes/sha2";
import { keccak_256 } from "@noble/hashes/sha3";
import {
  base32nopad,
  base58,
  base58xmr,
  base64url,
  bech32,
  bech32m,
  createBase58check,
  hex,
} from "@scure/base";
import type { AddressFormat } from "../address/address-format.js";
import { checksumInput, polymod } from "../address/formats/cashaddr-checksum.js";
import { crc16Xmodem } from "../address/formats/crc16-xmodem.js";
import { eip55Checksummed } from "../address/formats/evm.js";

/**
 * Well-formed addresses of every format from fresh random keys, encoded with the formats' own
 * rules: what a test of code that screens needs for "an unlisted, valid address" (the chance a
 * random key is listed is nil). `@svc/ofac-index/testing`; not for production use. (Each
 * format's decoder is checked against the chains' own libraries in the package's tests, so these
 * encoders are not the only evidence of what an address is.)
 */

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const bytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
const b58check = createBase58check(sha256);
const CASHADDR_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function cashaddr(): string {
  const words = bech32.toWords(concat(new Uint8Array([0]), bytes(20)));
  const mod = polymod(checksumInput("bitcoincash", [...words, 0, 0, 0, 0, 0, 0, 0, 0]));
  const check = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return [...words, ...check].map((w) => CASHADDR_CHARSET[w]).join("");
}

function monero(): string {
  const body = concat(new Uint8Array([0x12]), bytes(64));
  return base58xmr.encode(concat(body, keccak_256(body).subarray(0, 4)));
}

function ss58(): string {
  const body = concat(new Uint8Array([0]), bytes(32));
  const sum = blake2b(concat(new TextEncoder().encode("SS58PRE"), body), { dkLen: 64 });
  return base58.encode(concat(body, sum.subarray(0, 2)));
}

function stellar(): string {
  const body = concat(new Uint8Array([6 << 3]), bytes(32));
  const crc = crc16Xmodem(body);
  return base32nopad.encode(concat(body, new Uint8Array([crc & 0xff, crc >> 8])));
}

function algorand(): string {
  const key = bytes(32);
  return base32nopad.encode(concat(key, sha512_256(key).subarray(-4)));
}

function ton(): string {
  const body = concat(new Uint8Array([0x11, 0]), bytes(32));
  const crc = crc16Xmodem(body);
  return base64url.encode(concat(body, new Uint8Array([crc >> 8, crc & 0xff])));
}

const MAKERS: Readonly<Record<Exclude<AddressFormat, "unrecognized">, () => string>> = {
  evm: () => `0x${eip55Checksummed(hex.encode(bytes(20)))}`,
  hex32: () => `0x${hex.encode(bytes(32))}`,
  "bare-hex32": () => hex.encode(bytes(32)),
  bech32: () => bech32.encode("bc", [0, ...bech32.toWords(bytes(20))]),
  bech32m: () => bech32m.encode("bc", [1, ...bech32m.toWords(bytes(32))]),
  cashaddr,
  base58check: () => b58check.encode(concat(new Uint8Array([0]), bytes(20))),
  monero,
  solana: () => base58.encode(bytes(32)),
  ss58,
  stellar,
  algorand,
  ton,
};

/** A fresh, well-formed, almost surely unlisted address in `format`. */
export const randomAddress = (format: Exclude<AddressFormat, "unrecognized">): string =>
  MAKERS[format]();

/** Every format a random address can be made in. */
export const RANDOM_FORMATS = Object.keys(MAKERS) as Exclude<AddressFormat, "unrecognized">[];

/**
 * A fresh address as long as screening accepts (`MAX_ADDRESS_LENGTH`, 256 characters): a bech32
 * account of 155 bytes under the one-letter prefix `a` (the grammar takes 20 to 160 bytes under a
 * prefix it does not know). What a test of a bound on screened addresses needs.
 */
export const randomLongestAddress = (): string =>
  bech32.encode("a", bech32.toWords(bytes(155)), 1023);
