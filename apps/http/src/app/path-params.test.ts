import { describe, expect, it } from "vitest";
import { decodePathParams } from "./path-params.js";
import { targetOf } from "./request-target.js";

const TEMPLATE = "/api/ofac-wallet-screen/:address";
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

describe("decodePathParams", () => {
  it("decodes a parameter strictly", () => {
    expect(decodePathParams(TEMPLATE, `/api/ofac-wallet-screen/${LAZARUS}`)).toEqual({
      ok: true,
      params: { address: LAZARUS },
    });
    expect(decodePathParams(TEMPLATE, "/api/ofac-wallet-screen/a%20b")).toEqual({
      ok: true,
      params: { address: "a b" },
    });
  });

  for (const junk of ["%FF%FE", "%ED%A0%80", "%C0%AE", "%G1", "%", "%E2%82"]) {
    it(`refuses ${junk}: not UTF-8, or not an escape`, () => {
      expect(decodePathParams(TEMPLATE, `/api/ofac-wallet-screen/${LAZARUS}${junk}`)).toEqual({
        ok: false,
        param: { name: "address" },
      });
    });
  }
});

describe("targetOf", () => {
  it("reads the path and query off a request URL, without the fragment", () => {
    expect(targetOf("http://svc.test/api/x/%FF?asset=ETH")).toBe("/api/x/%FF?asset=ETH");
    expect(targetOf("https://[::1]:8402/")).toBe("/");
    expect(targetOf("http://svc.test/a#frag")).toBe("/a");
    expect(targetOf("http://svc.test")).toBe("/");
  });
});
