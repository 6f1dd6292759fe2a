import { describe, expect, it } from "vitest";
import { baseUrlOf, normalizeBaseUrl } from "./base-url.js";

const request = (host: string | undefined, forwardedProto?: string) => ({
  url: "http://127.0.0.1:8402/api",
  host,
  forwardedProto,
});

describe("baseUrlOf", () => {
  it("prefers the configured public base URL", () => {
    expect(baseUrlOf(request("evil.test"), "https://api.example.com")).toBe(
      "https://api.example.com",
    );
  });

  it("derives the base from the Host header, and from X-Forwarded-Proto when it is http(s)", () => {
    expect(baseUrlOf(request("screen.example.com:8080"), undefined)).toBe(
      "http://screen.example.com:8080",
    );
    expect(baseUrlOf(request("screen.example.com", "https"), undefined)).toBe(
      "https://screen.example.com",
    );
    expect(baseUrlOf(request("[::1]:8402", "javascript"), undefined)).toBe("http://[::1]:8402");
  });

  it("ignores a Host header that is not a host (markup, paths, userinfo)", () => {
    for (const host of [`"><script>alert(1)</script>`, "a.test/evil", "user@a.test", "a b", ""]) {
      expect(baseUrlOf(request(host), undefined)).toBe("http://127.0.0.1:8402");
    }
  });
});

describe("normalizeBaseUrl", () => {
  it("drops trailing slashes and keeps a path prefix", () => {
    expect(normalizeBaseUrl("https://api.example.com/")).toBe("https://api.example.com");
    expect(normalizeBaseUrl("https://example.com/screening/")).toBe(
      "https://example.com/screening",
    );
  });

  it("refuses what is not an http(s) origin", () => {
    expect(() => normalizeBaseUrl("javascript:alert(1)")).toThrow(RangeError);
    expect(() => normalizeBaseUrl("https://a.test/?x=1")).toThrow(RangeError);
    expect(() => normalizeBaseUrl("not a url")).toThrow();
  });
});
