import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type Representation, representationOf } from "./negotiation.js";

/** A page's representation as a request gets it: through the app, as the routes negotiate. */
async function representationFor(
  query: string,
  accept: string | undefined,
  fallback: Representation,
): Promise<string> {
  const app = new Hono();
  app.get("/", (c) => c.text(representationOf(c, fallback)));
  return (
    await app.request(`/${query}`, accept === undefined ? {} : { headers: { Accept: accept } })
  ).text();
}

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8";

/** Accept header → the representation for a page whose fallback is HTML, and for one whose fallback is JSON. */
const TABLE: readonly (readonly [string | undefined, Representation, Representation])[] = [
  // Browsers get HTML whatever the page's default.
  [BROWSER, "html", "html"],
  ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "html", "html"],
  ["text/html", "html", "html"],
  ["application/xhtml+xml", "html", "html"],
  ["TEXT/HTML", "html", "html"],
  // JSON clients get JSON: application/json and any *+json type.
  ["application/json", "json", "json"],
  ["Application/JSON", "json", "json"],
  ["application/json;charset=utf-8", "json", "json"],
  ["application/json, text/plain, */*", "json", "json"],
  ["application/problem+json", "json", "json"],
  ["application/ld+json", "json", "json"],
  // Wildcards, other types and no header prefer neither: the page's own default (curl).
  ["*/*", "html", "json"],
  [undefined, "html", "json"],
  ["", "html", "json"],
  ["text/*", "html", "json"],
  ["application/*", "html", "json"],
  ["text/plain", "html", "json"],
  ["text/plain, */*;q=0.1", "html", "json"],
  ["image/png", "html", "json"],
  // Explicit qualities decide; equal ones fall back to the page's default.
  ["text/html;q=0.5, application/json", "json", "json"],
  ["text/html, application/json;q=0.9", "html", "html"],
  ["text/html ; q=0.5 , application/json ; q=0.6", "json", "json"],
  ["text/html;level=1;q=0.7, application/json;q=0.5", "html", "html"],
  ["application/json;q=0, text/html;q=0.1", "html", "html"],
  ["text/html, application/json", "html", "json"],
  ["application/json, text/html", "html", "json"],
  ["text/html;q=0.9, application/json;q=0.9", "html", "json"],
  ["text/html;q=0", "html", "json"],
];

describe("content negotiation of the pages", () => {
  for (const [accept, forHtmlPage, forJsonPage] of TABLE) {
    it(`Accept: ${accept ?? "(none)"}`, async () => {
      expect(await representationFor("", accept, "html")).toBe(forHtmlPage);
      expect(await representationFor("", accept, "json")).toBe(forJsonPage);
    });
  }

  it("?format wins over Accept; an unknown format is ignored", async () => {
    expect(await representationFor("?format=json", BROWSER, "html")).toBe("json");
    expect(await representationFor("?format=html", "application/json", "json")).toBe("html");
    expect(await representationFor("?format=%3Cscript%3E", BROWSER, "json")).toBe("html");
    expect(await representationFor("?format=xml", "application/json", "html")).toBe("json");
  });
});
