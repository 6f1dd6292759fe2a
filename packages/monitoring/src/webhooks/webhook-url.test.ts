import { describe, expect, it } from "vitest";
import { isAllowedAddress, PRODUCTION_WEBHOOKS, webhookUrlProblem } from "./webhook-url.js";

const DEVELOPMENT = { allowLoopback: true };

describe("webhookUrlProblem", () => {
  it("takes an https URL to a public host", () => {
    expect(
      webhookUrlProblem("https://hooks.example.com/ofac?x=1", PRODUCTION_WEBHOOKS),
    ).toBeUndefined();
    expect(webhookUrlProblem("https://8.8.8.8/hook", PRODUCTION_WEBHOOKS)).toBeUndefined();
  });

  it("refuses http in production, takes it to loopback in development only", () => {
    expect(webhookUrlProblem("http://hooks.example.com/", PRODUCTION_WEBHOOKS)?.code).toBe(
      "webhook_url_not_https",
    );
    expect(webhookUrlProblem("http://127.0.0.1:9/hook", DEVELOPMENT)).toBeUndefined();
    expect(webhookUrlProblem("http://localhost:9/hook", DEVELOPMENT)).toBeUndefined();
    expect(webhookUrlProblem("http://hooks.example.com/", DEVELOPMENT)?.code).toBe(
      "webhook_url_not_https",
    );
  });

  it("refuses private, loopback, link-local, CGNAT, mapped and unspecified literals in production", () => {
    for (const host of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "[::1]",
      "[fd00::1]",
      "[fe80::1]",
      "[::ffff:10.0.0.1]",
      "[::ffff:127.0.0.1]",
      "localhost",
    ]) {
      expect(webhookUrlProblem(`https://${host}/hook`, PRODUCTION_WEBHOOKS)?.code, host).toBe(
        "webhook_url_private_address",
      );
    }
  });

  it("refuses credentials, relative and over-long URLs", () => {
    expect(webhookUrlProblem("https://u:p@hooks.example.com/", PRODUCTION_WEBHOOKS)?.code).toBe(
      "webhook_url_credentials",
    );
    expect(webhookUrlProblem("/hook", PRODUCTION_WEBHOOKS)?.code).toBe("webhook_url_invalid");
    expect(
      webhookUrlProblem(`https://example.com/${"a".repeat(2100)}`, PRODUCTION_WEBHOOKS)?.code,
    ).toBe("webhook_url_invalid");
  });
});

describe("isAllowedAddress", () => {
  it("public unicast only, loopback where allowed", () => {
    expect(isAllowedAddress("93.184.216.34", PRODUCTION_WEBHOOKS)).toBe(true);
    expect(isAllowedAddress("2606:2800:220:1:248:1893:25c8:1946", PRODUCTION_WEBHOOKS)).toBe(true);
    expect(isAllowedAddress("127.0.0.1", PRODUCTION_WEBHOOKS)).toBe(false);
    expect(isAllowedAddress("127.0.0.1", DEVELOPMENT)).toBe(true);
    expect(isAllowedAddress("10.1.2.3", DEVELOPMENT)).toBe(false);
    expect(isAllowedAddress("not an ip", DEVELOPMENT)).toBe(false);
  });
});
