import { describe, expect, it } from "vitest";
import {
  looksLikeAddress,
  looksLikeHash,
  looksLikeIdentifier,
  looksLikeSnakeWord,
} from "./looks-like.js";

describe("looksLikeAddress", () => {
  it.each([
    "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
    "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0",
    "BC1QZY4MAU0PT3DQK6U3SZ7P3NX6WQY6U9L0WC7MQ0",
    "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
    "1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V",
    "TXmVthgn6AsGkCJhMQfcMtLkbJTRP5ZGzq",
  ])("takes %s", (s) => {
    expect(looksLikeAddress(s)).toBe(true);
  });

  it.each([
    "Lazarus Group",
    "Exactmatchonthecanonicalform",
    "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786",
    "0x1234",
    "2025-11-19",
    "",
  ])("refuses %s", (s) => {
    expect(looksLikeAddress(s)).toBe(false);
  });
});

describe("the other forms", () => {
  it("a SHA-256 is 64 hex digits; shorter digests only when asked", () => {
    const sha = "88783a708b7c5bf38a480d9e07d069fb461062214cab9238d98d208842d40786";
    expect(looksLikeHash(sha)).toBe(true);
    expect(looksLikeHash(sha.slice(0, 40))).toBe(false);
    expect(looksLikeHash(sha.slice(0, 40), 32)).toBe(true);
    expect(looksLikeHash("f".repeat(64))).toBe(false);
  });

  it("identifiers and snake_case words", () => {
    expect(looksLikeIdentifier("27307")).toBe(true);
    expect(looksLikeIdentifier("50215; 50216")).toBe(true);
    expect(looksLikeIdentifier("a b")).toBe(false);
    expect(looksLikeSnakeWord("manual_review_required")).toBe(true);
    expect(looksLikeSnakeWord("exposure-1")).toBe(false);
    expect(looksLikeSnakeWord("match")).toBe(false);
  });
});
