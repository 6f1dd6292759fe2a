import { bazaarResourceServerExtension, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import { assertListings, ListingError, listingProblemsOf } from "./listing-check.js";

// A POST route's declaration as a resource server enriches it for its method (the library's own).
const bazaar = bazaarResourceServerExtension.enrichDeclaration?.(
  declareDiscoveryExtension({
    bodyType: "json",
    input: { address: "0xabc" },
    inputSchema: { properties: { address: { type: "string" } }, required: ["address"] },
  }).bazaar,
  { method: "POST", adapter: { getPath: () => "/api/x" } },
) as Record<string, unknown>;
const resource = {
  url: "https://screen.example.com/api/x",
  serviceName: "OFAC Wallet Screening",
  tags: ["sanctions", "ofac"],
  iconUrl: "https://screen.example.com/mcp/icon.png",
};

describe("a directory listing, checked with @x402/extensions' validators", () => {
  it("a valid declaration has no problem", () => {
    expect(listingProblemsOf({ name: "POST /api/x", resource, bazaar })).toEqual([]);
  });

  it("a resource that declares no service listing (optional in the spec) has only its declaration checked", () => {
    const bare = { url: resource.url };
    expect(listingProblemsOf({ name: "POST /api/x", resource: bare, bazaar })).toEqual([]);
    expect(listingProblemsOf({ name: "t", resource: bare, bazaar: {} })).toEqual([
      "t: no bazaar extension (info and schema)",
    ]);
  });

  it("names each field the Bazaar would drop or refuse, with the route", () => {
    const problems = listingProblemsOf({
      name: "POST /api/x",
      resource: {
        url: resource.url,
        serviceName: "x".repeat(33),
        tags: ["a", "b", "c", "d", "e", "f"],
        iconUrl: "http://127.0.0.1:8402/mcp/icon.png",
      },
      bazaar: {
        ...bazaar,
        info: { input: { type: "http", method: "POST", bodyType: "json", body: {} } },
      },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^POST \/api\/x: \/input\/body: must have required property 'address'/),
      expect.stringMatching(/^POST \/api\/x: serviceName "x{33}" is not 1 to 32 printable ASCII/),
      expect.stringMatching(/^POST \/api\/x: tags \[.*\] are not 1 to 5 distinct/),
      expect.stringMatching(
        /^POST \/api\/x: iconUrl "http:\/\/127\.0\.0\.1:8402\/mcp\/icon\.png" is not/,
      ),
    ]);
  });

  it("an invalid route template, a missing declaration and duplicate tags are problems too", () => {
    expect(
      listingProblemsOf({
        name: "GET /a/:id",
        resource: { ...resource, tags: ["ofac", "OFAC"] },
        bazaar: { ...bazaar, routeTemplate: "/a/../admin" },
      }),
    ).toEqual([
      expect.stringContaining('routeTemplate "/a/../admin" is not a valid route template'),
      expect.stringContaining("tags"),
    ]);
    expect(listingProblemsOf({ name: "t", resource, bazaar: undefined })).toEqual([
      "t: no bazaar extension (info and schema)",
    ]);
  });

  it("assertListings throws ListingError with every reason, and nothing when all are valid", () => {
    expect(() => assertListings([{ name: "ok", resource, bazaar }])).not.toThrow();
    expect(() =>
      assertListings([
        { name: "a", resource: { ...resource, serviceName: "" }, bazaar },
        { name: "b", resource, bazaar: undefined },
      ]),
    ).toThrow(
      new ListingError([
        'a: serviceName "" is not 1 to 32 printable ASCII characters',
        "b: no bazaar extension (info and schema)",
      ]).message,
    );
  });
});
