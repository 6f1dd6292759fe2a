import { describe, expect, it } from "vitest";
import { routeMatches, toolResourceUrl } from "./resource-binding.js";

describe("which resource URL a payment may name", () => {
  it("a tool: its mcp:// route, or a hosted endpoint's URL naming that tool and no other", () => {
    const route = "mcp://tool/ofac_wallet_screen";
    const hosted = toolResourceUrl("https://screen.example.com/mcp", "ofac_wallet_screen");
    expect(hosted).toBe("https://screen.example.com/mcp?tool=ofac_wallet_screen");
    expect(routeMatches(route, route)).toBe(true);
    expect(routeMatches(route, hosted)).toBe(true);
    expect(routeMatches(route, "http://127.0.0.1:8402/mcp?tool=ofac_wallet_screen")).toBe(true);
    for (const other of [
      "mcp://tool/batch_wallet_screen",
      toolResourceUrl("https://screen.example.com/mcp", "batch_wallet_screen"),
      "https://screen.example.com/mcp",
      "https://screen.example.com/mcp?tool=ofac_wallet_screen&tool=batch_wallet_screen",
      "ftp://screen.example.com/mcp?tool=ofac_wallet_screen",
      "not a url",
    ]) {
      expect(routeMatches(route, other), other).toBe(false);
    }
  });

  it("an HTTP route never takes a tool's URL, hosted or not", () => {
    const hosted = toolResourceUrl("https://screen.example.com/mcp", "x");
    expect(routeMatches("/api/ofac-wallet-screen/:address", hosted)).toBe(false);
    expect(routeMatches("/mcp", "mcp://tool/x")).toBe(false);
  });

  it("a tool URL built on an endpoint with a query or fragment keeps only the tool", () => {
    expect(toolResourceUrl("https://h.example/mcp?x=1#f", "t")).toBe(
      "https://h.example/mcp?tool=t",
    );
  });
});
