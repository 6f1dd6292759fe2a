import { describe, expect, it } from "vitest";
import { BlockhashBook } from "./blockhash-book.js";

describe("BlockhashBook", () => {
  it("holds a blockhash valid for its TTL after it was first handed out, and not after", () => {
    let now = 1_000;
    const book = new BlockhashBook(60_000, () => now);
    book.issue("A");
    now += 59_999;
    book.issue("A"); // handing it out again does not extend its life
    expect(book.isValid("A")).toBe(true);
    now += 1;
    expect(book.isValid("A")).toBe(false);
  });

  it("never holds a blockhash it did not hand out", () => {
    expect(new BlockhashBook(60_000).isValid("never-issued")).toBe(false);
  });

  it("expires every blockhash at once on expireAll", () => {
    const book = new BlockhashBook(60_000);
    book.issue("A");
    book.issue("B");
    book.expireAll();
    expect([book.isValid("A"), book.isValid("B")]).toEqual([false, false]);
  });
});
