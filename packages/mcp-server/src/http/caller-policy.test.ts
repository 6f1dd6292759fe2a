import { describe, expect, it } from "vitest";
import {
  ANY_CALLER,
  type CallerPolicy,
  isLoopbackName,
  LOOPBACK_CALLER,
  refusedCaller,
} from "./caller-policy.js";

const refused = (policy: CallerPolicy, headers: Record<string, string>) =>
  refusedCaller(new Headers(headers), policy);

describe("the caller policy", () => {
  it.each(["localhost", "LOCALHOST", "127.0.0.1", "127.8.0.254", "[::1]", "::1"])(
    "names %s loopback",
    (name) => expect(isLoopbackName(name)).toBe(true),
  );

  it.each([
    "evil.example.com",
    "localhost.evil.example",
    "127.0.0.1.nip.io",
    "128.0.0.1",
    "0.0.0.0",
  ])("does not name %s loopback", (name) => expect(isLoopbackName(name)).toBe(false));

  it("on loopback, refuses another site's page and a request addressed to another name", () => {
    expect(refused(LOOPBACK_CALLER, { origin: "http://evil.example.com" })).toMatch(/cross-site/);
    expect(refused(LOOPBACK_CALLER, { origin: "null" })).toMatch(/cross-site/);
    expect(refused(LOOPBACK_CALLER, { host: "evil.example.com:8765" })).toMatch(/addressed/);
    expect(refused(LOOPBACK_CALLER, { host: "bad host" })).toMatch(/addressed/);
  });

  it("on loopback, takes this machine's pages and names, and clients that are not browsers", () => {
    expect(refused(LOOPBACK_CALLER, {})).toBeUndefined();
    expect(
      refused(LOOPBACK_CALLER, { origin: "http://localhost:6274", host: "127.0.0.1:8765" }),
    ).toBeUndefined();
    expect(
      refused(LOOPBACK_CALLER, { origin: "http://[::1]:6274", host: "[::1]:8765" }),
    ).toBeUndefined();
  });

  it("bound elsewhere, checks the page but not the name; hosted, checks neither", () => {
    const lan: CallerPolicy = { origins: "loopback", hosts: "any" };
    expect(refused(lan, { host: "192.168.1.20:8765" })).toBeUndefined();
    expect(refused(lan, { origin: "http://evil.example.com" })).toMatch(/cross-site/);
    expect(
      refused(ANY_CALLER, { origin: "https://agent.example", host: "api.example" }),
    ).toBeUndefined();
  });
});
