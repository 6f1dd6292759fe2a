import { describe, expect, it } from "vitest";
import { negotiate } from "./negotiation.js";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8";

describe("negotiate", () => {
  it("a browser gets HTML, a JSON client JSON, curl the fallback", () => {
    expect(negotiate(undefined, BROWSER, "json")).toBe("html");
    expect(negotiate(undefined, "application/json", "html")).toBe("json");
    expect(negotiate(undefined, "application/problem+json", "html")).toBe("json");
    expect(negotiate(undefined, "*/*", "html")).toBe("html");
    expect(negotiate(undefined, "*/*", "json")).toBe("json");
    expect(negotiate(undefined, undefined, "json")).toBe("json");
  });

  it("compares qualities", () => {
    expect(negotiate(undefined, "text/html;q=0.5, application/json", "html")).toBe("json");
    expect(negotiate(undefined, "text/html, application/json;q=0.9", "json")).toBe("html");
  });

  it("?format wins over Accept; an unknown format is ignored", () => {
    expect(negotiate("json", BROWSER, "html")).toBe("json");
    expect(negotiate("html", "application/json", "json")).toBe("html");
    expect(negotiate("<script>", BROWSER, "json")).toBe("html");
  });
});
