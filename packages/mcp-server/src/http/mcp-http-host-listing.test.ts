import type { ComplianceDeps } from "@svc/compliance";
import { baseTerms, createPaymentServer, httpFacilitator, ListingError } from "@svc/payments";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { ANY_CALLER } from "./caller-policy.js";
import { createMcpHttpHost } from "./mcp-http-host.js";

// A paid host checks every paid tool's directory listing (its resource's service metadata and its
// bazaar declaration) with @x402/extensions' validators when it is built, and is not built when
// one would not validate. Its facilitator is never reached: nothing is paid.
let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const hostListing = (listing: { serviceName: string; tags: string[]; iconUrl?: string }) =>
  createMcpHttpHost({
    deps,
    payments: {
      server: createPaymentServer(httpFacilitator("http://127.0.0.1:9/never-called")),
      terms: [baseTerms("0x1111111111111111111111111111111111111111")],
      listing,
    },
    maxBodyBytes: 1024 * 1024,
    callers: ANY_CALLER,
  });

describe("a paid MCP host and its tools' listings", () => {
  it("is built when every paid tool's listing validates", () => {
    expect(() =>
      hostListing({
        serviceName: "OFAC Wallet Screening",
        tags: ["sanctions", "ofac"],
        iconUrl: "https://screen.example.com/mcp/icon.png",
      }),
    ).not.toThrow();
  });

  it("is refused, naming every paid tool and the reason, when the listing would not validate", () => {
    const paid = TOOLS.filter((t) => t.pricing.kind === "paid");
    let error: unknown;
    try {
      hostListing({ serviceName: "x".repeat(33), tags: ["ofac"] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ListingError);
    const problems = (error as ListingError).problems;
    expect(problems).toHaveLength(paid.length);
    for (const [i, tool] of paid.entries()) {
      expect(problems[i]).toBe(
        `mcp://tool/${tool.name}: serviceName "${"x".repeat(33)}" is not 1 to 32 printable ASCII characters`,
      );
    }
  });
});
